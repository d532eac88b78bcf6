#include "core/additive_scorer.hpp"

#include <string>

#include "core/checks.hpp"

namespace attn {
namespace {

// Messages are built only on failure: this runs on every step of a fit.
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

// tanh x = 1 − 2/(e^{2x} + 1), elementwise. The same function (e^{2x} overflowing to ∞ gives 1,
// underflowing to 0 gives −1, never NaN), in a form Eigen vectorises: std::tanh per element was
// 40% of a 500-step fit.
template <class Expr>
auto tanh_via_exp(const Expr& x) {
  return 1.0 - 2.0 / ((2.0 * x).exp() + 1.0);
}

// Below this, e^{2a}·e^{2b} for |a|, |b| ≤ it lies within e^{±680}: neither overflows to ∞ nor
// falls below the smallest normal double (e^{−708}), so the product is e^{2(a+b)} to a few ulp.
constexpr double kFactoredBound = 170.0;

// z = tanh(a_ij) for a_ij = from_h_j + from_s_i, into column i·n_src + j of z. Since
// e^{2(p+q)} = e^{2p}·e^{2q}, the exponentials of the two parts are taken once each:
// attn_dim·(n_src + n_tgt) of them instead of attn_dim·n_src·n_tgt, 80 instead of 200 a step
// for the figure's 5×5 maps (they were the largest single cost of a 500-step fit). Parts past
// kFactoredBound (weights far from any the figure trains) take the elementwise form instead.
void tanh_of_sums(AdditiveScratch& s, Eigen::MatrixXd& z) {
  const Eigen::Index n_src = s.from_h.cols(), n_tgt = s.from_s.cols();
  if (s.from_h.cwiseAbs().maxCoeff() <= kFactoredBound &&
      s.from_s.cwiseAbs().maxCoeff() <= kFactoredBound) {
    s.exp_h = (2.0 * s.from_h.array()).exp();
    s.exp_s = (2.0 * s.from_s.array()).exp();
    for (Eigen::Index i = 0; i < n_tgt; ++i)
      z.middleCols(i * n_src, n_src) =
          (1.0 - 2.0 / ((s.exp_h.colwise() * s.exp_s.col(i)) + 1.0)).matrix();
    return;
  }
  for (Eigen::Index i = 0; i < n_tgt; ++i)
    z.middleCols(i * n_src, n_src) = s.from_h.colwise() + s.from_s.col(i);
  z = tanh_via_exp(z.array()).matrix();
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
  const Eigen::Index n_tgt = S.rows(), n_src = H.rows();
  // lazy: 8×8×5 products are too small for gemm's packing to pay off
  scratch.from_h.noalias() = scorer.W1.lazyProduct(H.transpose());  // column j: W₁h_j
  scratch.from_s.noalias() = scorer.W2.lazyProduct(S.transpose());  // column i: W₂s_i
  out.z.resize(scorer.v.size(), n_tgt * n_src);
  tanh_of_sums(scratch, out.z);  // z_ij = tanh(a_ij), a_ij = W₁h_j + W₂s_i
  // e_ij = vᵀz_ij: all pairs in one product; entry i·n_src + j is e_ij
  scratch.flat.noalias() = out.z.transpose() * scorer.v;
  out.scores = Eigen::Map<const Eigen::MatrixXd>(scratch.flat.data(), n_src, n_tgt).transpose();
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
  // ∂L/∂v = Σ_ij g_ij z_ij   (e_ij = vᵀz_ij; column i·n_src + j of z holds z_ij)
  Eigen::VectorXd& g_flat = scratch.flat;
  g_flat.resize(n_tgt * n_src);
  for (Eigen::Index i = 0; i < n_tgt; ++i) g_flat.segment(i * n_src, n_src) = G.row(i).transpose();
  grad.v.noalias() = forward.z * g_flat;
  // ∂L/∂a_ij = g_ij · v ⊙ (1 − z_ij²)   (tanh′ = 1 − tanh²)
  scratch.da = (((1.0 - forward.z.array().square()).colwise() * scorer.v.array()).rowwise() *
                g_flat.transpose().array())
                   .matrix();
  // ∂L/∂W₁ = Σ_j (Σ_i ∂L/∂a_ij) h_jᵀ,  ∂L/∂W₂ = Σ_i (Σ_j ∂L/∂a_ij) s_iᵀ   (a_ij = W₁h_j + W₂s_i)
  scratch.by_src.setZero(scratch.da.rows(), n_src);
  scratch.by_tgt.resize(scratch.da.rows(), n_tgt);
  for (Eigen::Index i = 0; i < n_tgt; ++i) {
    scratch.by_src += scratch.da.middleCols(i * n_src, n_src);
    scratch.by_tgt.col(i) = scratch.da.middleCols(i * n_src, n_src).rowwise().sum();
  }
  grad.W1.noalias() = scratch.by_src.lazyProduct(H);  // lazy: tiny products, no gemm blocking
  grad.W2.noalias() = scratch.by_tgt.lazyProduct(S);
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
