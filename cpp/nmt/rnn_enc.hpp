#pragma once
// RNNenc (Cho et al., 2014; the baseline of Bahdanau et al., 2015): a GRU reads the source and
// its last state c = h_T is all the decoder ever sees of it.
//   encoder  h_t = GRU_enc(E_src y_t, h_{t−1}),  h_0 = 0,  c = h_T
//   decoder  s_0 = tanh(W_init c + b_init),  s_i = GRU_dec([E_tgt y_{i−1}; c], s_{i−1})
//   output   p(y_i) = softmax(W_out [s_i; c] + b_out)
// Loss: Σ_i −log p(y_i) over the target and its <eos>, teacher-forced (y_0 = <bos>).
#include <Eigen/Dense>
#include <string>
#include <vector>

#include "nmt/gru_layer.hpp"
#include "nmt/seq2seq.hpp"
#include "nmt/toy_corpus.hpp"

namespace attn {

class Rng;

struct RnnEncParams {
  Eigen::MatrixXd emb_src, emb_tgt;  // embedding × vocabulary: column w is word w's vector
  GruCell enc, dec;                  // enc: embedding → hidden; dec: embedding + hidden → hidden
  Eigen::MatrixXd W_init, W_out;     // hidden × hidden; target vocabulary × (2·hidden)
  Eigen::VectorXd b_init, b_out;     // s_0 = tanh(W_init c + b_init), p = softmax(W_out [s_i; c] + b_out)

  template <class F>
  void visit(RnnEncParams& g, F&& f) {
    f("emb_src", emb_src, g.emb_src), f("emb_tgt", emb_tgt, g.emb_tgt);
    visit_gru("enc", enc, g.enc, f), visit_gru("dec", dec, g.dec, f);
    f("W_init", W_init, g.W_init), f("b_init", b_init, g.b_init);
    f("W_out", W_out, g.W_out), f("b_out", b_out, g.b_out);
  }
};

using RnnEnc = Seq2SeqModel<RnnEncParams>;

// One decoder step, and what the backward pass needs of it.
struct RnnEncStep {
  GruStep gru;                        // s_i = GRU_dec([E_tgt y_{i−1}; c], s_{i−1}): gru.out
  Eigen::VectorXd state_and_context;  // [s_i; c]
  Eigen::VectorXd probs;              // p = softmax(W_out [s_i; c] + b_out)
  const Eigen::VectorXd& state() const { return gru.out; }
};

// Seeded weights: embeddings N(0, 1), each matrix N(0, 1/fan_in), biases 0.
RnnEnc random_rnn_enc(int source_vocab, int target_vocab, int embedding, int hidden, Rng& rng);

// The teacher-forced loss of one pair; with `backward`, its gradient is added to model.g.
double rnn_enc_loss(RnnEnc& model, const ToyPair& pair, bool backward);

// Greedy decoding (core/greedy_decode: the most probable word at each step, fed back) until <eos>
// or max_len words.
std::vector<int> rnn_enc_translate(const RnnEnc& model, const std::vector<int>& source, int max_len);

}  // namespace attn
