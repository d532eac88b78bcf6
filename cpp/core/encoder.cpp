#include "core/encoder.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "core/checks.hpp"
#include "core/largest_eigenvalue.hpp"

namespace attn {
namespace {

void check_shapes(const Eigen::MatrixXd& W, const Eigen::MatrixXd& words) {
  require(W.rows() > 0 && W.rows() == W.cols(),
          "encoder: W must be square k×k, got " + std::to_string(W.rows()) + "×" +
              std::to_string(W.cols()));
  require(words.rows() > 0, "encoder: the sentence is empty (need at least one word)");
  require(words.cols() == W.rows(), "encoder: word vectors have " + std::to_string(words.cols()) +
                                        " numbers, W needs " + std::to_string(W.rows()));
  require(W.allFinite() && words.allFinite(), "encoder: W and word vectors must be finite");
}

// D_t = diag(1 − h_t²) = ∂h_t/∂a_t for a_t = W·h_{t−1} + w_t, since tanh′ = 1 − tanh².
Eigen::VectorXd tanh_slope(const Eigen::MatrixXd& h, int t) {
  return (1.0 - h.row(t).array().square()).matrix().transpose();
}

}  // namespace

EncoderTrace encode(const Eigen::MatrixXd& W, const Eigen::MatrixXd& words) {
  check_shapes(W, words);
  const int n = static_cast<int>(words.rows());
  EncoderTrace trace{Eigen::MatrixXd::Zero(n + 1, W.rows())};
  for (int t = 1; t <= n; ++t) {
    // h_t = tanh(W·h_{t−1} + w_t)
    const Eigen::VectorXd a = W * trace.h.row(t - 1).transpose() + words.row(t - 1).transpose();
    trace.h.row(t) = a.array().tanh().matrix().transpose();
  }
  return trace;
}

std::vector<Eigen::MatrixXd> context_jacobians(const Eigen::MatrixXd& W, const EncoderTrace& trace) {
  const int n = trace.length();
  const Eigen::Index k = W.rows();
  require(n >= 1 && trace.h.cols() == k, "context_jacobians: trace does not match W");
  std::vector<Eigen::MatrixXd> jac(n);
  Eigen::MatrixXd G = Eigen::MatrixXd::Identity(k, k);  // G = ∂c/∂h_t, starting at ∂c/∂h_n = I
  for (int t = n; t >= 1; --t) {
    const Eigen::VectorXd slope = tanh_slope(trace.h, t);
    // ∂c/∂w_t = ∂c/∂h_t · D_t   (w_t enters a_t with identity)
    jac[t - 1] = G * slope.asDiagonal();
    // ∂c/∂h_{t−1} = ∂c/∂h_t · D_t · W
    G = jac[t - 1] * W;
  }
  return jac;
}

namespace {

// Forward mode for the first word: M_t = ∂h_t/∂w_1,  M_1 = D_1;  M_t = D_t · W · M_{t−1}.
// visit(t, M_t) for t = 1…n until it returns false. Returns the t at which the product
// overflowed (huge W: the influence is unbounded from there on), or 0; later products would turn
// inf − inf into NaN, so they are not formed.
template <class Visit>
int first_word_sweep(const Eigen::MatrixXd& W, const Eigen::MatrixXd& words, Visit&& visit) {
  const EncoderTrace trace = encode(W, words);
  Eigen::MatrixXd M = tanh_slope(trace.h, 1).asDiagonal();
  for (int t = 1; visit(t, M) && t < trace.length(); ++t) {
    M = tanh_slope(trace.h, t + 1).asDiagonal() * (W * M);
    if (!M.allFinite()) return t + 1;
  }
  return 0;
}

}  // namespace

std::vector<double> first_word_influence(const Eigen::MatrixXd& W, const Eigen::MatrixXd& words) {
  std::vector<double> norms(static_cast<size_t>(words.rows()), std::numeric_limits<double>::infinity());
  first_word_sweep(W, words, [&](int t, const Eigen::MatrixXd& M) {
    norms[static_cast<size_t>(t) - 1] = spectral_norm(M);
    return true;
  });
  return norms;  // after an overflow: +inf
}

int first_word_band_exit(const Eigen::MatrixXd& W, const Eigen::MatrixXd& words, double low, double high) {
  require(low <= high, "first_word_band_exit: the band's low edge is above its high edge");
  // ‖M‖_F/√k ≤ ‖M‖₂ ≤ ‖M‖_F: the cheap Frobenius norm decides most steps; the exact spectral
  // norm is taken only where the two bounds straddle an edge (a hair of margin for rounding).
  const double root_k = std::sqrt(static_cast<double>(W.rows()));
  constexpr double kMargin = 1e-9;
  int exit = 0;
  const int overflow = first_word_sweep(W, words, [&](int t, const Eigen::MatrixXd& M) {
    const double upper = M.norm(), lower = upper / root_k;
    bool inside;
    if (lower >= low * (1 + kMargin) && upper <= high * (1 - kMargin)) inside = true;
    else if (upper < low * (1 - kMargin) || lower > high * (1 + kMargin)) inside = false;
    else {
      const double sigma = spectral_norm(M);
      inside = sigma >= low && sigma <= high;
    }
    if (!inside) exit = t;
    return inside;
  });
  return exit > 0 ? exit : overflow;
}

double spectral_norm(const Eigen::MatrixXd& m) {
  require(m.size() > 0, "spectral_norm of an empty matrix");
  // A NaN would slip past maxCoeff (every comparison with it is false) and past max(0, λ) below,
  // and come out as σ = 0: refused. An infinite entry makes σ infinite, and that is returned.
  require(!m.hasNaN(), "spectral_norm of a matrix with a NaN entry");
  // σ_max(M) = s·σ_max(M/s) with s = max|m_ij|: scaled first, MᵀM neither underflows (a word
  // forgotten to 1e-200) nor overflows. σ_max(M)² is the largest eigenvalue of MᵀM, found alone
  // (largest_eigenvalue.hpp): length's curves take 180 of these per seed, funnel's one per word.
  const double scale = m.cwiseAbs().maxCoeff();
  if (scale == 0.0 || std::isinf(scale)) return scale;
  const Eigen::MatrixXd unit = m / scale;
  const Eigen::MatrixXd gram = unit.transpose() * unit;
  return scale * std::sqrt(std::max(0.0, largest_eigenvalue(gram)));
}

}  // namespace attn
