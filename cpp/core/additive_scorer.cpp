#include "core/additive_scorer.hpp"

#include <string>

#include "core/additive_passes.hpp"
#include "core/checks.hpp"

namespace attn {
namespace {

// Messages are built only on failure: this runs on every call of the public passes (a fit
// checks its shapes once, in start_fit, and calls the passes unchecked).
void require_shapes(const AdditiveScorer& scorer, const Eigen::MatrixXd& S,
                    const Eigen::MatrixXd& H) {
  const Eigen::Index a = scorer.v.size();
  if (a == 0) throw InvalidInput("additive scorer: v is empty");
  if (S.rows() == 0 || H.rows() == 0)
    throw InvalidInput("additive scorer: no decoder states or no memories");
  if (scorer.W1.rows() != a || scorer.W1.cols() != H.cols())
    throw InvalidInput("additive scorer: W1 must be " + std::to_string(a) + "×" +
                       std::to_string(H.cols()) + " (attn_dim × width of h)");
  if (scorer.W2.rows() != a || scorer.W2.cols() != S.cols())
    throw InvalidInput("additive scorer: W2 must be " + std::to_string(a) + "×" +
                       std::to_string(S.cols()) + " (attn_dim × width of s)");
}

}  // namespace

AdditiveScorer random_additive_scorer(int attn_dim, int k_src, int k_tgt, double w_stddev,
                                      double v_stddev, Rng& rng) {
  require(attn_dim > 0 && k_src > 0 && k_tgt > 0, "additive scorer: sizes must be positive");
  AdditiveScorer scorer;
  scorer.W1 = rng.normal_matrix(attn_dim, k_src, w_stddev);
  scorer.W2 = rng.normal_matrix(attn_dim, k_tgt, w_stddev);
  scorer.v = rng.normal_vector(attn_dim, v_stddev);
  return scorer;
}

void additive_forward(const AdditiveScorer& scorer, const Eigen::MatrixXd& S,
                      const Eigen::MatrixXd& H, AdditiveForward& out, AdditiveScratch& scratch) {
  require_shapes(scorer, S, H);
  additive_passes::forward(scorer, S, H, out, scratch);
}

AdditiveForward additive_forward(const AdditiveScorer& scorer, const Eigen::MatrixXd& S,
                                 const Eigen::MatrixXd& H) {
  AdditiveForward out;
  AdditiveScratch scratch;
  additive_forward(scorer, S, H, out, scratch);
  return out;
}

void additive_backward(const AdditiveScorer& scorer, const Eigen::MatrixXd& S,
                       const Eigen::MatrixXd& H, const AdditiveForward& forward,
                       const Eigen::MatrixXd& G, AdditiveGradient& grad, AdditiveScratch& scratch) {
  require_shapes(scorer, S, H);
  const Eigen::Index n_tgt = S.rows(), n_src = H.rows();
  require(G.rows() == n_tgt && G.cols() == n_src, "additive_backward: G must be n_tgt × n_src");
  additive_passes::backward(scorer, S, H, forward, G, grad, scratch);
}

AdditiveGradient additive_backward(const AdditiveScorer& scorer, const Eigen::MatrixXd& S,
                                   const Eigen::MatrixXd& H, const AdditiveForward& forward,
                                   const Eigen::MatrixXd& G) {
  AdditiveGradient grad;
  AdditiveScratch scratch;
  additive_backward(scorer, S, H, forward, G, grad, scratch);
  return grad;
}

}  // namespace attn
