#include "core/largest_eigenvalue.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/checks.hpp"

namespace attn {
namespace {

constexpr double kEps = std::numeric_limits<double>::epsilon();
constexpr int kNewtonSteps = 40;  // then bisection (the chapter's Gram matrices need 20 at most)

// A symmetric tridiagonal matrix T: diagonal d (k), squared off-diagonal e² (k − 1).
struct Tridiagonal {
  Eigen::VectorXd d;
  Eigen::VectorXd e_squared;
  Eigen::Index size() const { return d.size(); }
};

// The pivots of T − x·I = L·D·Lᵀ are q_1 = d_1 − x, q_i = d_i − x − e²_{i−1}/q_{i−1}, and
// det(T − x·I) = Π q_i. Above λ_max every pivot is negative; then this returns the Newton step
// det/det′ = 1 / Σ q_i′/q_i, with q_1′ = −1, q_i′ = −1 + e²_{i−1}·q_{i−1}′/q_{i−1}² (the
// derivatives in x). It returns 0 where a pivot is not negative: x is not above λ_max.
double newton_step_from_above(const Tridiagonal& t, double x) {
  double inverse_q = 0.0, dq = 0.0, log_derivative = 0.0;  // one division a row
  for (Eigen::Index i = 0; i < t.size(); ++i) {
    const double ratio = i > 0 ? t.e_squared(i - 1) * inverse_q : 0.0;
    dq = -1.0 + ratio * dq * inverse_q;
    const double q = t.d(i) - x - ratio;
    if (!(q < 0.0)) return 0.0;
    inverse_q = 1.0 / q;
    log_derivative += dq * inverse_q;
  }
  return 1.0 / log_derivative;
}

// How many eigenvalues of T lie below x: the number of negative pivots (Sylvester's law of
// inertia). A pivot that comes out zero is nudged below zero, as LAPACK's dstebz does.
int count_below(const Tridiagonal& t, double x, double pivot_floor) {
  int count = 0;
  double q = 1.0;
  for (Eigen::Index i = 0; i < t.size(); ++i) {
    q = t.d(i) - x - (i > 0 ? t.e_squared(i - 1) / q : 0.0);
    if (std::abs(q) < pivot_floor) q = -pivot_floor;
    if (q < 0.0) ++count;
  }
  return count;
}

// Bisection between low (some eigenvalue at or above it) and high (all below it), to the last bit.
double bisect_largest(const Tridiagonal& t, double low, double high) {
  const double pivot_floor = std::numeric_limits<double>::min() * std::max(1.0, t.e_squared.maxCoeff());
  for (;;) {
    const double mid = low + (high - low) / 2;
    if (mid <= low || mid >= high) return high;
    if (count_below(t, mid, pivot_floor) == t.size()) high = mid;
    else low = mid;
  }
}

}  // namespace

double largest_eigenvalue(const Eigen::MatrixXd& symmetric) {
  require(symmetric.rows() > 0 && symmetric.rows() == symmetric.cols(),
          "largest_eigenvalue: the matrix must be square and non-empty");
  require(symmetric.allFinite(), "largest_eigenvalue: the matrix must be finite");
  const Eigen::Index k = symmetric.rows();
  if (k == 1) return symmetric(0, 0);
  const Eigen::Tridiagonalization<Eigen::MatrixXd> reduced(symmetric);
  const Tridiagonal t{reduced.diagonal(), reduced.subDiagonal().array().square()};
  // Gershgorin: every eigenvalue lies in some [d_i − r_i, d_i + r_i], r_i the sum of row i's |e|;
  // so λ_max lies in [max (d_i − r_i), max (d_i + r_i)]. It is also at most ‖T‖_F.
  double low = -std::numeric_limits<double>::infinity();
  double high = -std::numeric_limits<double>::infinity();
  double frobenius_squared = 0.0;
  for (Eigen::Index i = 0; i < k; ++i) {
    const double left = i > 0 ? std::sqrt(t.e_squared(i - 1)) : 0.0;
    const double right = i + 1 < k ? std::sqrt(t.e_squared(i)) : 0.0;
    low = std::max(low, t.d(i) - left - right);
    high = std::max(high, t.d(i) + left + right);
    frobenius_squared += t.d(i) * t.d(i) + 2 * right * right;
  }
  const double size = std::max(std::abs(low), std::abs(high));
  if (size == 0.0) return 0.0;
  // Start strictly above λ_max: the bounds widened by a few units of rounding.
  const double slack = 4 * kEps * size;
  double x = std::min(high, std::sqrt(frobenius_squared)) + slack;
  for (int step = 0; step < kNewtonSteps; ++step) {
    const double next = x - newton_step_from_above(t, x);
    if (!(next < x)) return x;  // no further descent: x is λ_max to rounding
    x = next;
  }
  return bisect_largest(t, low - slack, x);
}

}  // namespace attn
