// Fuzz cases for the encoder of §1 and what builds it: encode + context_jacobians +
// spectral_norm (the encoderJacobians binding), first_word_influence, demo_encoder,
// random_orthogonal. Shapes include 0, 1 and mismatched; entries include huge and non-finite.
#include <algorithm>
#include <cmath>

#include "core/demo_encoder.hpp"
#include "core/encoder.hpp"
#include "core/orthogonal.hpp"
#include "core_cases.hpp"
#include "fuzz_values.hpp"

namespace attn::fuzz {
namespace {

// ∂c/∂w_j is a product of up to n − 1 factors D_t·W with ‖D_t‖ ≤ 1, so ‖∂c/∂w_j‖ ≤ ‖W‖^(n−1).
// Below 1e150 the Jacobians, and the Gram matrix JᵀJ a spectral norm may form, are finite in
// double: there the core owes finite numbers. Beyond, the true value may not be representable
// (W = 10³·I, n = 200 gives 10⁶⁰⁰): only "no crash, only InvalidInput" is checked.
bool jacobians_bounded(const Eigen::MatrixXd& W, int n) {
  return (n - 1) * std::log10(std::max(1.0, W.norm())) <= 150;
}

}  // namespace

CaseResult encoder_case(FuzzSource& src) {
  const int k = dimension(src, 32), n = dimension(src, 200);
  const Eigen::MatrixXd W = matrix(src, k, near_size(src, k));
  const Eigen::MatrixXd words = matrix(src, n, near_size(src, k));
  const bool valid = k >= 1 && n >= 1 && W.cols() == k && words.cols() == k && moderate(W) &&
                     moderate(words);
  const bool bounded = valid && jacobians_bounded(W, n);
  const std::string d = "encode + context_jacobians + spectral_norm (W " + describe(W) +
                        ", words " + describe(words) + ")";
  const Outcome outcome = guarded(d, valid, [&] {
    const EncoderTrace trace = encode(W, words);
    if (trace.h.rows() != n + 1) broken(d, "trace has the wrong length");
    const auto jacobians = context_jacobians(W, trace);
    if (static_cast<int>(jacobians.size()) != n) broken(d, "one Jacobian per word expected");
    if (!bounded) return;
    require_finite(d, trace.h, "h");
    for (int j = 0; j < n; ++j) {
      require_finite(d, jacobians[j], "∂c/∂w_" + std::to_string(j + 1));
      require_finite(d, spectral_norm(jacobians[j]), "‖∂c/∂w_" + std::to_string(j + 1) + "‖");
    }
  });
  return {"encoder jacobians", outcome, d};
}

CaseResult first_word_case(FuzzSource& src) {
  const int k = dimension(src, 24), n = dimension(src, 80);
  const Eigen::MatrixXd W = matrix(src, k, near_size(src, k));
  const Eigen::MatrixXd words = matrix(src, n, near_size(src, k));
  const bool valid = k >= 1 && n >= 1 && W.cols() == k && words.cols() == k && moderate(W) &&
                     moderate(words);
  const bool bounded = valid && jacobians_bounded(W, n);
  const std::string d = "first_word_influence(W " + describe(W) + ", words " + describe(words) + ")";
  const Outcome outcome = guarded(d, valid, [&] {
    const std::vector<double> norms = first_word_influence(W, words);
    if (static_cast<int>(norms.size()) != n) broken(d, "one norm per prefix expected");
    if (bounded)
      for (int t = 0; t < n; ++t) require_finite(d, norms[t], "norm[" + std::to_string(t) + "]");
  });
  return {"first_word_influence", outcome, d};
}

// σ_max against bounds any matrix obeys: ‖M‖_F/√rank ≤ σ_max ≤ ‖M‖_F (stableNorm: no
// overflow in the reference itself). Scales from 1e-300 to 1e308: whenever ‖M‖_F is a finite
// number, σ_max is owed as one too, not an overflowed or underflowed Gram matrix's artefact.
CaseResult spectral_norm_case(FuzzSource& src) {
  const Eigen::MatrixXd m = matrix(src, dimension(src, 20), dimension(src, 20));
  const std::string d = "spectral_norm(" + describe(m) + ")";
  const double frobenius = m.size() > 0 ? m.stableNorm() : 0.0;
  const double rank_bound = std::sqrt(static_cast<double>(std::max<Eigen::Index>(1, std::min(m.rows(), m.cols()))));
  const Outcome outcome = guarded(d, m.size() > 0 && m.allFinite(), [&] {
    const double sigma = spectral_norm(m);
    if (!std::isfinite(frobenius)) return;
    if (!(sigma <= frobenius * (1 + 1e-9) && sigma >= frobenius / rank_bound * (1 - 1e-9)))
      broken(d, "σ_max = " + exact(sigma) + " outside [‖M‖_F/√r, ‖M‖_F] = [" + exact(frobenius / rank_bound) +
                    ", " + exact(frobenius) + "]");
  });
  return {"spectral_norm", outcome, d};
}

CaseResult demo_encoder_case(FuzzSource& src) {
  const int n = static_cast<int>(src.choose(66)) - 2;  // −2…63 around the sentence's 1…61
  const double rho = src.choose(4) == 0 ? special_double(src) : 2.0 * src.fraction();
  const std::uint64_t seed = src.choose(4) == 0 ? ~0ULL - src.choose(3) : src.choose(10000);
  const std::string d = "demo_encoder(" + std::to_string(n) + ", " + exact(rho) + ", " +
                        std::to_string(seed) + ") then encode";
  const bool valid = n >= 1 && n <= static_cast<int>(long_sentence().size()) && std::abs(rho) <= 1e100;
  const Outcome outcome = guarded(d, valid, [&] {
    const DemoEncoder enc = demo_encoder(n, rho, seed);
    if (static_cast<int>(enc.words.size()) != n || enc.vectors.rows() != n) broken(d, "wrong length");
    const EncoderTrace trace = encode(enc.W, enc.vectors);
    if (valid) require_finite(d, trace.h, "h");
  });
  return {"demo_encoder", outcome, d};
}

CaseResult orthogonal_case(FuzzSource& src) {
  const int k = static_cast<int>(src.choose(44)) - 3;  // −3…40
  const std::uint64_t seed = src.choose(2) ? src.choose(65536) : ~0ULL;
  const std::string d = "random_orthogonal(" + std::to_string(k) + ", " + std::to_string(seed) + ")";
  const Outcome outcome = guarded(d, k >= 1, [&] {
    const Eigen::MatrixXd q = random_orthogonal(k, seed);
    const double defect = (q.transpose() * q - Eigen::MatrixXd::Identity(k, k)).cwiseAbs().maxCoeff();
    if (!(defect < 1e-10)) broken(d, "QᵀQ differs from I by " + exact(defect));
  });
  return {"random_orthogonal", outcome, d};
}

}  // namespace attn::fuzz
