#pragma once
// RNNsearch (Bahdanau, Cho & Bengio, 2015): a bidirectional GRU keeps one annotation per source
// word, and the decoder looks back at all of them through additive attention at every step.
//   encoder  →h_j = GRU_f(E_src x_j, →h_{j−1}),  ←h_j = GRU_b(E_src x_j, ←h_{j+1}),  h_j = [→h_j; ←h_j]
//   attend   e_ij = v_aᵀ tanh(W_a s_{i−1} + U_a h_j),  α_i = softmax(e_i),  c_i = Σ_j α_ij h_j
//   decoder  s_0 = tanh(W_init ←h_1 + b_init),  s_i = GRU_dec([E_tgt y_{i−1}; c_i], s_{i−1})
//   output   p(y_i) = softmax(W_out [s_i; c_i] + b_out)
// Same hidden width, output layer and loss as RNNenc (rnn_enc): only the context differs.
#include <Eigen/Dense>
#include <functional>
#include <string>
#include <vector>

#include "nmt/gru_layer.hpp"
#include "nmt/seq2seq.hpp"
#include "nmt/toy_corpus.hpp"

namespace attn {

class Rng;

struct RnnSearchParams {
  Eigen::MatrixXd emb_src, emb_tgt;  // embedding × vocabulary
  GruCell enc_fwd, enc_bwd, dec;     // enc_*: embedding → hidden; dec: embedding + 2·hidden → hidden
  Eigen::MatrixXd W_init, W_out;     // hidden × hidden; target vocabulary × (3·hidden)
  Eigen::VectorXd b_init, b_out;     // s_0 = tanh(W_init ←h_1 + b_init), p = softmax(W_out [s_i; c_i] + b_out)
  Eigen::MatrixXd W_a, U_a;          // attention × hidden; attention × (2·hidden)
  Eigen::VectorXd v_a;               // attention: e_ij = v_aᵀ tanh(W_a s_{i−1} + U_a h_j)

  template <class F>
  void visit(RnnSearchParams& g, F&& f) {
    f("emb_src", emb_src, g.emb_src), f("emb_tgt", emb_tgt, g.emb_tgt);
    visit_gru("enc_fwd", enc_fwd, g.enc_fwd, f), visit_gru("enc_bwd", enc_bwd, g.enc_bwd, f);
    visit_gru("dec", dec, g.dec, f);
    f("W_init", W_init, g.W_init), f("b_init", b_init, g.b_init);
    f("W_a", W_a, g.W_a), f("U_a", U_a, g.U_a), f("v_a", v_a, g.v_a);
    f("W_out", W_out, g.W_out), f("b_out", b_out, g.b_out);
  }
};

using RnnSearch = Seq2SeqModel<RnnSearchParams>;

// Seeded weights: embeddings N(0, 1), each matrix N(0, 1/fan_in), biases 0.
RnnSearch random_rnn_search(int source_vocab, int target_vocab, int embedding, int hidden,
                            int attention, Rng& rng);

// The teacher-forced loss of one pair; with `backward`, its gradient is added to model.g.
double rnn_search_loss(RnnSearch& model, const ToyPair& pair, bool backward);

// What the decoder reads of an encoded source: the annotations h_j (2·hidden × T, column j),
// U_a h_j for every j (attention × T, the same at every step), and the first state s_0.
struct RnnSearchMemory {
  Eigen::MatrixXd annotations, UH;
  Eigen::VectorXd s0;
};
RnnSearchMemory rnn_search_memory(const RnnSearch& model, const std::vector<int>& source);

// One decoder step, in Bahdanau's order: attention reads the previous state s_{i−1}, then the GRU
// folds the previous word and the context into s_i. Training runs it (keeping what the backward
// pass needs) and so does decoding; the decoder figure shows this function's code (cut from
// rnn_search.cpp at build time) when it runs the trained RNNsearch.
struct RnnSearchStep {
  Eigen::MatrixXd Z;                       // z_j = tanh(W_a s_{i−1} + U_a h_j), attention × T
  Eigen::VectorXd scores, alpha, context;  // e_i = Zᵀ v_a, α_i = softmax(e_i), c_i = Σ_j α_ij h_j
  GruStep gru;                             // s_i = GRU_dec([E_tgt y_{i−1}; c_i], s_{i−1}): gru.out
  Eigen::VectorXd state_and_context;       // [s_i; c_i]
  Eigen::VectorXd probs;                   // p(y_i) over the target vocabulary
  const Eigen::VectorXd& state() const { return gru.out; }
};
RnnSearchStep rnn_search_step(const RnnSearch& model, const RnnSearchMemory& memory, int previous_word,
                              const Eigen::VectorXd& previous_state);

// The line tags inside rnn_search_step(), in the order they run. Every step runs all of them (the
// function has no branches); tests check this list against the tags in rnn_search.cpp.
const std::vector<std::string>& rnn_search_step_lines();

// Called after each step of greedy decoding with the word fed in and everything the step computed.
using RnnSearchStepObserver = std::function<void(int previous_word, const RnnSearchStep& step)>;

// Greedy decoding (rnn_search_step, then argmax p, the first on a tie) until <eos> or max_len
// words. If `alignment` is given it receives the weights: row i = α_i over the source words, for
// each word written (and the <eos> step if reached). `observe` sees every step as it is taken.
std::vector<int> rnn_search_translate(const RnnSearch& model, const std::vector<int>& source,
                                      int max_len, Eigen::MatrixXd* alignment = nullptr,
                                      const RnnSearchStepObserver& observe = nullptr);

}  // namespace attn
