#include "core/greedy_decode.hpp"

#include "core/checks.hpp"

namespace attn {

std::vector<DecodedStep> greedy_decode(const DecoderWeights& w, const Eigen::VectorXd& initial_state,
                                       const Eigen::MatrixXd& memories, int start, int end, int max_steps) {
  require(max_steps >= 0, "greedy_decode: max_steps must not be negative");
  std::vector<DecodedStep> steps;
  Eigen::VectorXd state = initial_state;
  int word = start;
  for (int i = 0; i < max_steps; ++i) {
    DecodedStep s;
    s.input = word;
    s.step = decoder_step(w, word, state, memories);
    // The most probable word, never <s>: the start symbol is only ever an input.
    Eigen::VectorXd choosable = s.step.probs;
    choosable(start) = -1.0;
    choosable.maxCoeff(&s.chosen);  // Eigen returns the first maximum
    steps.push_back(s);
    if (s.chosen == end) break;
    state = s.step.state;
    word = s.chosen;
  }
  return steps;
}

}  // namespace attn
