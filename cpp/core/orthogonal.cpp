#include "core/orthogonal.hpp"

#include "core/checks.hpp"
#include "core/rng.hpp"

namespace attn {

Eigen::MatrixXd random_orthogonal(int k, std::uint64_t seed) {
  require(k > 0, "random_orthogonal: size must be positive");
  Rng rng(seed);
  const Eigen::MatrixXd g = rng.normal_matrix(k, k);
  const Eigen::HouseholderQR<Eigen::MatrixXd> qr(g);
  Eigen::MatrixXd q = qr.householderQ() * Eigen::MatrixXd::Identity(k, k);
  const Eigen::MatrixXd r = qr.matrixQR().triangularView<Eigen::Upper>();
  for (int j = 0; j < k; ++j)
    if (r(j, j) < 0) q.col(j) = -q.col(j);
  return q;
}

}  // namespace attn
