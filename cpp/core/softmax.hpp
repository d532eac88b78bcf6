#pragma once
// softmax(x)_j = exp(x_j − max x) / Σ_k exp(x_k − max x): positive weights that sum to 1.
// Subtracting the max changes nothing mathematically (softmax is shift-invariant) and keeps
// exp from overflowing.
#include <Eigen/Dense>

namespace attn {

Eigen::VectorXd softmax(const Eigen::VectorXd& x);
Eigen::MatrixXd softmax_rows(const Eigen::MatrixXd& x);  // each row separately

// Backward: given p = softmax(x) and g = ∂L/∂p, returns ∂L/∂x.
// J = ∂p/∂x = diag(p) − p pᵀ, so ∂L/∂x = Jᵀ g = p ⊙ (g − pᵀg).
Eigen::VectorXd softmax_backward(const Eigen::VectorXd& p, const Eigen::VectorXd& g);

}  // namespace attn
