#include "core/decoder_step.hpp"

#include <cmath>
#include <string>

#include "core/checks.hpp"
#include "core/softmax.hpp"

namespace attn {
namespace {

void check_step_inputs(const DecoderWeights& w, int prev_word, const Eigen::VectorXd& prev_state,
                       const Eigen::MatrixXd& memories) {
  require(prev_word >= 0 && prev_word < w.embedding.rows(),
          "decoder_step: word index " + std::to_string(prev_word) + " is not in the vocabulary");
  require(memories.rows() >= 1, "decoder_step: no encoder memories to attend to");
  require(memories.cols() == prev_state.size(),
          "decoder_step: memories have width " + std::to_string(memories.cols()) +
              ", the decoder state has " + std::to_string(prev_state.size()));
  require(w.out_weight.cols() == 2 * prev_state.size() && w.out_weight.rows() == w.out_bias.size(),
          "decoder_step: output layer does not match [s; c]");
}

}  // namespace

const std::vector<std::string>& decoder_step_lines() {
  static const std::vector<std::string> lines = {"embed", "gru", "scores", "softmax", "context", "output"};
  return lines;
}

// [decoder-step:begin]
DecoderStep decoder_step(const DecoderWeights& w, int prev_word, const Eigen::VectorXd& prev_state,
                         const Eigen::MatrixXd& memories) {
  check_step_inputs(w, prev_word, prev_state, memories);
  DecoderStep out;

  // [line:embed]
  // x = E[y_{i−1}]: the embedding of the word we just wrote (one row of the table).
  const Eigen::VectorXd x = w.embedding.row(prev_word).transpose();

  // [line:gru]
  // s_i = GRU(x, s_{i−1}): fold that word into the decoder's state.
  out.state = gru_cell(w.cell, x, prev_state);

  // [line:scores]
  // e_j = s_i·h_j / √d: how well the state matches each source memory h_j.
  const double d = static_cast<double>(out.state.size());
  out.scores = memories * out.state / std::sqrt(d);

  // [line:softmax]
  // α = softmax(e): positive weights over the source words, summing to 1.
  out.alpha = softmax(out.scores);

  // [line:context]
  // c_i = Σ_j α_j h_j: look back at the source, mixed by the weights.
  out.context = memories.transpose() * out.alpha;

  // [line:output]
  // p = softmax(W_o [s_i; c_i] + b_o): a probability for every word of the vocabulary.
  Eigen::VectorXd state_and_context(out.state.size() + out.context.size());
  state_and_context << out.state, out.context;
  out.probs = softmax(w.out_weight * state_and_context + w.out_bias);

  return out;
}
// [decoder-step:end]

}  // namespace attn
