#pragma once
// The independent reference every backward pass is checked against: central differences,
//   ∂L/∂θ_k ≈ (L(θ + h e_k) − L(θ − h e_k)) / 2h,
// truncation error O(h²), rounding error O(ε/h). `param` is any Eigen matrix or vector (or a Map
// of one), changed in place and put back; `loss()` recomputes L from it.
#include <Eigen/Dense>

namespace attn::testing {

template <class Param, class Loss>
double central_difference(Param& param, Eigen::Index k, Loss&& loss, double h) {
  const double keep = param(k);
  param(k) = keep + h;
  const double up = loss();
  param(k) = keep - h;
  const double down = loss();
  param(k) = keep;
  return (up - down) / (2 * h);
}

// Every entry, in the parameter's storage order (column-major for a matrix).
template <class Param, class Loss>
Eigen::VectorXd central_differences(Param& param, Loss&& loss, double h) {
  Eigen::VectorXd g(param.size());
  for (Eigen::Index k = 0; k < param.size(); ++k) g(k) = central_difference(param, k, loss, h);
  return g;
}

}  // namespace attn::testing
