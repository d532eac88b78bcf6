#include "core/additive_fit.hpp"

#include <cmath>

#include "core/additive_passes.hpp"
#include "core/checks.hpp"
#include "core/concepts.hpp"
#include "core/measures.hpp"

namespace attn {
namespace {

void require_target(const Eigen::MatrixXd& scores, const Eigen::MatrixXd& target) {
  require(scores.rows() == target.rows() && scores.cols() == target.cols(),
          "target map must have the shape of the scores (n_tgt × n_src)");
  require(target.rows() > 0 && target.cols() > 0, "target map is empty");
  require(target.allFinite() && target.minCoeff() >= 0.0,
          "target map must hold non-negative finite weights");
  require(scores.allFinite(), "scores must be finite numbers");
}

// ln p_ij = e_ij − m_i − ln Σ_k exp(e_ik − m_i), m_i = max_k e_ik: finite for finite scores,
// so the loss never meets ln 0 even where p_ij underflows to 0.
// Into `log_p`, with `row` for the per-row max and log-sum (both reused by a fit's steps).
template <class Map, class Rows>
void log_softmax_rows(const Map& scores, Map& log_p, Rows& row) {
  row = scores.rowwise().maxCoeff();
  log_p = scores.colwise() - row;
  row = log_p.array().exp().rowwise().sum().log().matrix();
  log_p.colwise() -= row;
}

Eigen::MatrixXd log_softmax_rows(const Eigen::MatrixXd& scores) {
  Eigen::MatrixXd log_p;
  Eigen::VectorXd row;
  log_softmax_rows(scores, log_p, row);
  return log_p;
}

// L = −(1/n) Σ_ij q_ij ln p_ij
template <class Map>
double loss_from_log_p(const Map& log_p, const Map& target) {
  return -(target.array() * log_p.array()).sum() / static_cast<double>(log_p.rows());
}

// ∂L/∂e_ij = (p_ij Σ_k q_ik − q_ij)/n   (softmax′ contracted with −q/p), into `grad`, given
// target_mass_i = Σ_k q_ik
template <class Map, class Rows>
void loss_gradient(const Map& p, const Map& target, const Rows& target_mass, Map& grad) {
  grad = ((p.array().colwise() * target_mass.array()).matrix() - target) /
         static_cast<double>(p.rows());
}

Eigen::MatrixXd loss_gradient(const Eigen::MatrixXd& p, const Eigen::MatrixXd& target) {
  Eigen::MatrixXd grad;
  loss_gradient(p, target, target.rowwise().sum(), grad);
  return grad;
}

}  // namespace

double cross_entropy_to_target(const Eigen::MatrixXd& scores, const Eigen::MatrixXd& target) {
  require_target(scores, target);
  return loss_from_log_p(log_softmax_rows(scores), target);
}

Eigen::MatrixXd cross_entropy_to_target_backward(const Eigen::MatrixXd& scores,
                                                 const Eigen::MatrixXd& target) {
  require_target(scores, target);
  return loss_gradient(log_softmax_rows(scores).array().exp().matrix(), target);
}

namespace {

// The scorers figure's fit: attn_dim 8 (FitSettings), the chapter's 8-number concept vectors and
// its 5-word sentences (concepts.hpp). On these sizes fixed at compile time a fit runs a fifth
// faster natively and over a quarter faster in WebAssembly than on dynamic ones
// (bench/README.md); any other shape takes the dynamic ones.
using FigureFitShapes = AdditiveShapes<FitSettings{}.attn_dim, kConceptDim, kConceptDim, 5, 5>;

// Checks the inputs and draws the starting scorer: the trajectory before its first step.
FitTrajectory start_fit(const Eigen::MatrixXd& target, const Eigen::MatrixXd& S,
                        const Eigen::MatrixXd& H, const FitSettings& settings) {
  require(settings.steps >= 0, "fit_additive: steps must be ≥ 0");
  require(settings.learning_rate > 0 && std::isfinite(settings.learning_rate),
          "fit_additive: learning_rate must be a positive number");
  // Past ~100, tanh saturates at once and exp of the scores overflows: the fit means nothing.
  for (const double stddev : {settings.w_stddev, settings.v_stddev})
    require(stddev >= 0 && stddev <= 100, "fit_additive: wStddev and vStddev must be in [0, 100]");
  require(S.rows() > 0 && S.cols() > 0 && H.rows() > 0 && H.cols() > 0,
          "fit_additive: S and H must be non-empty");
  require(S.allFinite() && H.allFinite(), "fit_additive: S and H must be finite numbers");
  require_target(Eigen::MatrixXd::Zero(S.rows(), H.rows()), target);
  // The fit reads the target as alignments, one distribution per target row. A row of any other
  // mass scales the loss with it (a weight of 1e308 overflows it to inf) and means nothing here.
  require(((target.rowwise().sum().array() - 1.0).abs() <= 1e-6).all(),
          "fit_additive: each row of the target map must sum to 1");
  Rng rng(settings.seed);
  FitTrajectory out;
  out.scorer =
      random_additive_scorer(settings.attn_dim, static_cast<int>(H.cols()),
                             static_cast<int>(S.cols()), settings.w_stddev, settings.v_stddev, rng);
  out.parameter_count = out.scorer.parameter_count();
  const size_t n = static_cast<size_t>(settings.steps) + 1;
  out.loss.reserve(n);
  out.tv.reserve(n);
  out.maps.reset(static_cast<Eigen::Index>(n), target.rows(), target.cols());
  return out;
}

// The steps, on matrices of `Shapes` (checked by start_fit, so the passes are called unchecked).
// Each step's intermediates keep their storage from step to step, and its map goes into the block
// start_fit reserved for all of them: a step allocates nothing.
template <class Shapes>
void run_steps(const Eigen::MatrixXd& target_map, const Eigen::MatrixXd& S_rows,
               const Eigen::MatrixXd& H_rows, const FitSettings& settings, FitTrajectory& out) {
  const typename Shapes::Map target = target_map;
  const typename Shapes::States S = S_rows;
  const typename Shapes::Memories H = H_rows;
  AdditiveScorerOf<Shapes> w{out.scorer.W1, out.scorer.W2, out.scorer.v};
  AdditiveForwardOf<Shapes> fwd;
  AdditiveGradientOf<Shapes> g;
  AdditiveScratchOf<Shapes> scratch;
  typename Shapes::Map log_p, p, dscores;
  typename Shapes::MapRows row;
  const typename Shapes::MapRows target_mass = target.rowwise().sum();
  for (int t = 0;; ++t) {
    additive_passes::forward(w, S, H, fwd, scratch);
    log_softmax_rows(fwd.scores, log_p, row);
    p = log_p.array().exp().matrix();
    out.maps.push_back(p);
    out.loss.push_back(loss_from_log_p(log_p, target));
    out.tv.push_back(tv_distance(p, target));
    if (t == settings.steps) break;
    loss_gradient(p, target, target_mass, dscores);
    additive_passes::backward(w, S, H, fwd, dscores, g, scratch);
    // SGD: θ ← θ − η ∂L/∂θ
    w.W1 -= settings.learning_rate * g.W1;
    w.W2 -= settings.learning_rate * g.W2;
    w.v -= settings.learning_rate * g.v;
  }
  out.scorer.W1 = w.W1;
  out.scorer.W2 = w.W2;
  out.scorer.v = w.v;
}

}  // namespace

bool fit_runs_on_fixed_sizes(const Eigen::MatrixXd& S, const Eigen::MatrixXd& H,
                             const FitSettings& settings) {
  return settings.attn_dim == FigureFitShapes::V::RowsAtCompileTime &&
         S.rows() == FigureFitShapes::States::RowsAtCompileTime &&
         S.cols() == FigureFitShapes::States::ColsAtCompileTime &&
         H.rows() == FigureFitShapes::Memories::RowsAtCompileTime &&
         H.cols() == FigureFitShapes::Memories::ColsAtCompileTime;
}

FitTrajectory fit_additive(const Eigen::MatrixXd& target, const Eigen::MatrixXd& S,
                           const Eigen::MatrixXd& H, const FitSettings& settings) {
  FitTrajectory out = start_fit(target, S, H, settings);
  if (fit_runs_on_fixed_sizes(S, H, settings))
    run_steps<FigureFitShapes>(target, S, H, settings, out);
  else
    run_steps<AnyAdditiveShapes>(target, S, H, settings, out);
  return out;
}

FitTrajectory fit_additive_on_dynamic_sizes(const Eigen::MatrixXd& target,
                                            const Eigen::MatrixXd& S, const Eigen::MatrixXd& H,
                                            const FitSettings& settings) {
  FitTrajectory out = start_fit(target, S, H, settings);
  run_steps<AnyAdditiveShapes>(target, S, H, settings, out);
  return out;
}

}  // namespace attn
