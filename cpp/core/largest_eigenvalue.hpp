#pragma once
// The largest eigenvalue of a symmetric matrix, alone: what a spectral norm needs (σ_max(M)² is
// the largest eigenvalue of MᵀM), without the other k − 1 a full eigensolver also finds.
#include <Eigen/Dense>

namespace attn {

// λ_max of a symmetric matrix (only its lower triangle is read): Householder reduction to a
// tridiagonal T with the same eigenvalues, then Newton's method on det(T − x·I) from above,
// which for a polynomial with real roots only never steps past the largest one. On the 16×16
// Gram matrices of the chapter's Jacobians it takes 8 steps on average (20 at most over 9,000 of
// them), a third of the time of Eigen's SelfAdjointEigenSolver, and agrees with it to a few
// units in the last place. Newton crawls where it starts far above λ_max relative to the gap it
// must close (an m-fold λ_max closes 1/m of it a step; a λ_max near zero under larger negative
// eigenvalues): after 40 steps, bisection on Sturm counts finishes the job. A Gram matrix never
// starts it far off: ‖T‖_F ≤ √k·λ_max. The matrix must be square, non-empty and finite.
double largest_eigenvalue(const Eigen::MatrixXd& symmetric);

}  // namespace attn
