// Fuzz cases for the score functions, the alignment map, the additive scorer's forward and
// backward passes, the fitting loss and a short SGD fit.
#include <cmath>

#include "core/additive_fit.hpp"
#include "core/scores.hpp"
#include "core_cases.hpp"
#include "fuzz_values.hpp"

namespace attn::fuzz {
namespace {

Eigen::VectorXd vec(FuzzSource& src, int n) { return matrix(src, n, 1).col(0); }

}  // namespace

CaseResult score_functions_case(FuzzSource& src) {
  const int k = dimension(src, 64), a = dimension(src, 16);
  const Eigen::VectorXd s = vec(src, k), h = vec(src, near_size(src, k)), v = vec(src, a);
  const Eigen::MatrixXd W = matrix(src, near_size(src, k), near_size(src, k));
  const Eigen::MatrixXd W1 = matrix(src, near_size(src, a), h.size()), W2 = matrix(src, a, near_size(src, k));
  const double scale = src.choose(3) ? 1.0 + src.choose(512) : special_double(src);
  const std::string d = "dot/scaled_dot/general/additive(s " + describe(s) + ", h " + describe(h) +
                        ", d " + exact(scale) + ", W " + describe(W) + ", W1 " + describe(W1) +
                        ", W2 " + describe(W2) + ", v " + describe(v) + ")";
  const bool same = k >= 1 && h.size() == k;
  const bool valid = same && std::isfinite(scale) && scale > 0 && W.rows() == k && W.cols() == k &&
                     a >= 1 && W1.rows() == a && W2.cols() == k;
  const bool finite_in = moderate(s) && moderate(h) && moderate(W) && moderate(W1) && moderate(W2) && moderate(v);
  const Outcome outcome = guarded(d, valid, [&] {
    const double e[] = {dot(s, h), scaled_dot(s, h, scale), general(s, W, h), additive(s, h, W1, W2, v)};
    // A tiny d (a denormal) may push s·h/√d past 1e308: finite scores are owed for d ≥ 1.
    if (finite_in && scale >= 1)
      for (double x : e) require_finite(d, x, "score");
  });
  return {"score functions", outcome, d};
}

CaseResult alignment_map_case(FuzzSource& src) {
  const int k = dimension(src, 16);
  const Eigen::MatrixXd S = matrix(src, dimension(src, 8), k), H = matrix(src, dimension(src, 12), near_size(src, k));
  const std::string d = "alignment_map(S " + describe(S) + ", H " + describe(H) + ", dot)";
  const bool valid = S.size() > 0 && H.size() > 0 && H.cols() == k && moderate(S) && moderate(H);
  const Outcome outcome = guarded(d, valid, [&] {
    const AlignmentMap map = alignment_map(S, H, [](const Eigen::VectorXd& s, const Eigen::VectorXd& h) {
      return dot(s, h);
    });
    if (valid) require_finite(d, map.alpha, "α");
  });
  return {"alignment_map", outcome, d};
}

// random_additive_scorer sizes (also 0), then forward and backward with a G of some shape.
CaseResult additive_scorer_case(FuzzSource& src) {
  const int a = dimension(src, 12), k_src = dimension(src, 12), k_tgt = dimension(src, 12);
  const Eigen::MatrixXd S = matrix(src, dimension(src, 8), near_size(src, k_tgt));
  const Eigen::MatrixXd H = matrix(src, dimension(src, 8), near_size(src, k_src));
  const Eigen::MatrixXd G = matrix(src, near_size(src, static_cast<int>(S.rows())), near_size(src, static_cast<int>(H.rows())));
  const std::string d = "additive_forward/backward(attn_dim " + std::to_string(a) + ", k_src " + std::to_string(k_src) +
                        ", k_tgt " + std::to_string(k_tgt) + ", S " + describe(S) + ", H " + describe(H) +
                        ", G " + describe(G) + ")";
  const bool valid = a >= 1 && k_src >= 1 && k_tgt >= 1 && S.rows() >= 1 && H.rows() >= 1 &&
                     S.cols() == k_tgt && H.cols() == k_src && G.rows() == S.rows() && G.cols() == H.rows();
  const Outcome outcome = guarded(d, valid, [&] {
    Rng rng(7);
    const AdditiveScorer scorer = random_additive_scorer(a, k_src, k_tgt, 1.0, 1.0, rng);
    const AdditiveForward fwd = additive_forward(scorer, S, H);
    const AdditiveGradient g = additive_backward(scorer, S, H, fwd, G);
    if (moderate(S) && moderate(H) && moderate(G)) {
      require_finite(d, fwd.scores, "e");
      require_finite(d, g.W1, "∂L/∂W1");
      require_finite(d, g.W2, "∂L/∂W2");
      require_finite(d, Eigen::MatrixXd(g.v), "∂L/∂v");
    }
  });
  return {"additive scorer", outcome, d};
}

// The loss toward a target map, and a short fit (the figure runs 500 steps; 0–20 here).
CaseResult additive_fit_case(FuzzSource& src) {
  const int n_tgt = dimension(src, 6), n_src = dimension(src, 6), k = dimension(src, 8);
  const Eigen::MatrixXd S = matrix(src, n_tgt, k), H = matrix(src, n_src, k);
  Eigen::MatrixXd target = distribution_rows(src, near_size(src, n_tgt), near_size(src, n_src));
  if (target.size() > 0 && src.choose(6) == 0) target(0, 0) = special_double(src);  // not a distribution
  FitSettings settings;
  settings.steps = static_cast<int>(src.choose(22)) - 1;
  settings.attn_dim = static_cast<int>(src.choose(10)) - 1;
  settings.learning_rate = src.choose(4) ? 0.1 + src.fraction() : special_double(src);
  settings.seed = src.choose(1000);
  if (src.choose(6) == 0) settings.w_stddev = special_double(src);  // additiveFit passes these
  if (src.choose(6) == 0) settings.v_stddev = special_double(src);  // through from JS
  const std::string d = "fit_additive(target " + describe(target) + ", S " + describe(S) + ", H " + describe(H) +
                        ", steps " + std::to_string(settings.steps) + ", attn_dim " + std::to_string(settings.attn_dim) +
                        ", lr " + exact(settings.learning_rate) + ", w_stddev " + exact(settings.w_stddev) +
                        ", v_stddev " + exact(settings.v_stddev) + ")";
  const bool valid = S.size() > 0 && H.size() > 0 && target.rows() == n_tgt && target.cols() == n_src &&
                     target.allFinite() && target.minCoeff() >= 0 &&
                     ((target.rowwise().sum().array() - 1.0).abs() <= 1e-6).all() && settings.steps >= 0 && settings.attn_dim >= 1 &&
                     std::isfinite(settings.learning_rate) && settings.learning_rate > 0 && S.allFinite() && H.allFinite() &&
                     settings.w_stddev >= 0 && settings.w_stddev <= 100 &&  // the core's init-scale rule
                     settings.v_stddev >= 0 && settings.v_stddev <= 100;
  const Outcome outcome = guarded(d, valid, [&] {
    const FitTrajectory fit = fit_additive(target, S, H, settings);
    if (static_cast<int>(fit.loss.size()) != settings.steps + 1) broken(d, "one loss per step expected");
    // Bounded inputs (|x| ≤ 10, as concept vectors are), initial weights and step: the loss
    // must stay finite. A non-finite init scale had to be rejected: returning is only right
    // if every number is finite anyway.
    const bool bounded = max_abs(S) <= 10 && max_abs(H) <= 10 && settings.learning_rate <= 1.1 &&
                         std::abs(settings.w_stddev) <= 10 && std::abs(settings.v_stddev) <= 10;
    if (bounded || !std::isfinite(settings.w_stddev) || !std::isfinite(settings.v_stddev))
      for (size_t t = 0; t < fit.loss.size(); ++t) {
        require_finite(d, fit.loss[t], "loss[" + std::to_string(t) + "]");
        require_finite(d, fit.tv[t], "tv[" + std::to_string(t) + "]");
      }
  });
  return {"additive fit", outcome, d};
}

}  // namespace attn::fuzz
