#include "core/greedy_decode.hpp"

namespace attn {

std::vector<DecodedStep> greedy_decode(const DecoderWeights& w, const Eigen::VectorXd& initial_state,
                                       const Eigen::MatrixXd& memories, int start, int end, int max_steps) {
  std::vector<DecodedStep> steps;
  Eigen::VectorXd state = initial_state;
  const std::vector<int> written = greedy_loop(start, end, max_steps, [&](int word) {
    DecodedStep s;
    s.input = word;
    s.step = decoder_step(w, word, state, memories);
    state = s.step.state;
    // The most probable word, never <s>: the start symbol is only ever an input.
    Eigen::VectorXd choosable = s.step.probs;
    choosable(start) = -1.0;
    steps.push_back(std::move(s));
    return choosable;
  });
  for (std::size_t i = 0; i < steps.size(); ++i) steps[i].chosen = written[i];
  return steps;
}

}  // namespace attn
