#pragma once
// The k most probable entries of a distribution, the list the decoder figure shows at each step.
#include <Eigen/Dense>
#include <vector>

namespace attn {

// Indices of the k largest p_i, largest first (k is capped at p.size()). Equal probabilities keep
// the lower index first, as Eigen's maxCoeff picks the first maximum: so entry 0 is the greedy
// choice argmax p.
std::vector<int> most_likely(const Eigen::VectorXd& p, int k);

}  // namespace attn
