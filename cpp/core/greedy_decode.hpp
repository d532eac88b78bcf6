#pragma once
// Greedy decoding: start from <s>, run one decoder step, write the most probable word, feed it
// back as the next input; stop after </s> or after max_steps steps.
#include <Eigen/Dense>
#include <vector>

#include "core/decoder_step.hpp"

namespace attn {

struct DecodedStep {
  int input = 0;     // y_{i−1}: the word fed into this step
  DecoderStep step;  // everything the step computed
  int chosen = 0;    // y_i = argmax p (the first on a tie)
};

std::vector<DecodedStep> greedy_decode(const DecoderWeights& w, const Eigen::VectorXd& initial_state,
                                       const Eigen::MatrixXd& memories, int start, int end, int max_steps);

}  // namespace attn
