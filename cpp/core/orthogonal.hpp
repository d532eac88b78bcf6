#pragma once
#include <Eigen/Dense>
#include <cstdint>

namespace attn {

// A random orthogonal k×k matrix, uniformly distributed (Haar): QR of a Gaussian matrix, with
// each column of Q multiplied by the sign of R's diagonal so the factorisation is unique.
Eigen::MatrixXd random_orthogonal(int k, std::uint64_t seed);

}  // namespace attn
