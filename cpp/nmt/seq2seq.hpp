#pragma once
// What RNNenc (rnn_enc) and RNNsearch (rnn_search) share outside the way they read the source:
// a model as parameters and gradient, initial weights, the teacher-forced loss of a pair (its
// loop and the output layer p = softmax(W_out [s_i; c_i] + b_out) with its backward pass), the
// check of a pair's ids, and the stacking of two vectors the decoders do at every step.
#include <Eigen/Dense>
#include <string>
#include <vector>

#include "nmt/toy_corpus.hpp"

namespace attn {

class Rng;

// N(0, 1/cols): each output of W x starts with about the variance of one input.
Eigen::MatrixXd fan_in_normal(int rows, int cols, Rng& rng);

// A model: its parameters and their gradient (accumulated until zeroed), two structs of the same
// shapes. Params::visit(g, f) calls f(name, parameter, gradient) for every block.
template <class Params>
struct Seq2SeqModel {
  Params p, g;

  template <class F>
  void visit(F&& f) { p.visit(g, f); }

  int hidden() const { return static_cast<int>(p.W_init.rows()); }

  // How both models end their initialisation (the last draws from `rng`): the output layer reads
  // `width` numbers, W_out ~ N(0, 1/width), b_out = 0; then the gradient, every block shaped like
  // its parameter and all zero.
  void init_output_and_gradient(int target_vocab, int width, Rng& rng) {
    p.W_out = fan_in_normal(target_vocab, width, rng);
    p.b_out = Eigen::VectorXd::Zero(target_vocab);
    visit([](const std::string&, auto& param, auto& grad) { grad.setZero(param.rows(), param.cols()); });
  }
};

// InvalidInput (prefixed by `model`) unless the source is non-empty and every id lies in its
// vocabulary; `target` may be null (translation has no target).
void check_sentence_ids(const std::string& model, const std::vector<int>& source, int source_vocab,
                        const std::vector<int>* target, int target_vocab);

// The source's embeddings, one column per word: E_src y_t.
Eigen::MatrixXd embed_source(const Eigen::MatrixXd& emb_src, const std::vector<int>& source);

// [a; b]: the decoder's input [E y_{i−1}; c_i] and the output layer's [s_i; c_i].
Eigen::VectorXd stack(const Eigen::VectorXd& a, const Eigen::VectorXd& b);

// Teacher forcing: the decoder step for target position i reads the word before it (<bos> at
// i = 0) and is scored on the word at i (<eos> after the last word): target.size() + 1 steps.
inline int previous_word(const ToyPair& pair, std::size_t i) { return i == 0 ? kBos : pair.target[i - 1]; }
inline int wanted_word(const ToyPair& pair, std::size_t i) { return i == pair.target.size() ? kEos : pair.target[i]; }

// −log p(wanted); a probability of 0 counts as 1e-300 (log 0 would be −∞).
double token_loss(const Eigen::VectorXd& probs, int wanted);

// The forward half of the teacher-forced loss, for either model: from s_0, step(previous, s)
// runs one decoder step from state s (its .state() is s_i, its .probs p). Gives Σ_i −log p(wanted_i)
// and every step, which the backward pass reads.
template <class Step>
struct TeacherForced {
  double loss = 0;
  std::vector<Step> steps;
};

template <class RunStep>
auto teacher_forced(const ToyPair& pair, Eigen::VectorXd s, RunStep&& step) {
  TeacherForced<decltype(step(kBos, s))> out;
  for (std::size_t i = 0; i <= pair.target.size(); ++i) {
    out.steps.push_back(step(previous_word(pair, i), s));
    s = out.steps.back().state();
    out.loss += token_loss(out.steps.back().probs, wanted_word(pair, i));
  }
  return out;
}

// Backward of −log p(wanted) through p = softmax(W_out o + b_out): adds to dW_out and db_out,
// returns ∂L/∂o.
Eigen::VectorXd output_backward(const Eigen::MatrixXd& W_out, const Eigen::VectorXd& probs, int wanted,
                                const Eigen::VectorXd& o, Eigen::MatrixXd& dW_out, Eigen::VectorXd& db_out);

}  // namespace attn
