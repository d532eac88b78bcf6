#pragma once
// The additive scorer's forward and backward passes (additive_scorer.hpp gives the maths), for
// any AdditiveShapes: the public functions run them on dynamic sizes, the scorers figure's fit on
// fixed ones (additive_fit.cpp). The caller has checked the shapes.
#include <Eigen/Dense>

#include "core/additive_scorer.hpp"

namespace attn::additive_passes {

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

// The columns of one target word i in a PerPair matrix: z_ij for every j.
template <class Shapes, class PerPair>
auto pairs_of_target(PerPair& m, Eigen::Index i, Eigen::Index n_src) {
  return m.template middleCols<Shapes::BySrc::ColsAtCompileTime>(i * n_src, n_src);
}

// z = tanh(a_ij) for a_ij = from_h_j + from_s_i, into column i·n_src + j of z. Since
// e^{2(p+q)} = e^{2p}·e^{2q}, the exponentials of the two parts are taken once each:
// attn_dim·(n_src + n_tgt) of them instead of attn_dim·n_src·n_tgt, 80 instead of 200 a step
// for the figure's 5×5 maps (they were the largest single cost of a 500-step fit). Parts past
// kFactoredBound (weights far from any the figure trains) take the elementwise form instead.
template <class Shapes>
void tanh_of_sums(AdditiveScratchOf<Shapes>& s, typename Shapes::PerPair& z) {
  const Eigen::Index n_src = s.from_h.cols(), n_tgt = s.from_s.cols();
  if (s.from_h.cwiseAbs().maxCoeff() <= kFactoredBound &&
      s.from_s.cwiseAbs().maxCoeff() <= kFactoredBound) {
    s.exp_h = (2.0 * s.from_h.array()).exp();
    s.exp_s = (2.0 * s.from_s.array()).exp();
    for (Eigen::Index i = 0; i < n_tgt; ++i)
      pairs_of_target<Shapes>(z, i, n_src) =
          (1.0 - 2.0 / ((s.exp_h.colwise() * s.exp_s.col(i)) + 1.0)).matrix();
    return;
  }
  for (Eigen::Index i = 0; i < n_tgt; ++i)
    pairs_of_target<Shapes>(z, i, n_src) = s.from_h.colwise() + s.from_s.col(i);
  z = tanh_via_exp(z.array()).matrix();
}

template <class Shapes>
void forward(const AdditiveScorerOf<Shapes>& scorer, const typename Shapes::States& S,
             const typename Shapes::Memories& H, AdditiveForwardOf<Shapes>& out,
             AdditiveScratchOf<Shapes>& scratch) {
  const Eigen::Index n_tgt = S.rows(), n_src = H.rows();
  // lazy: 8×8×5 products are too small for gemm's packing to pay off
  scratch.from_h.noalias() = scorer.W1.lazyProduct(H.transpose());  // column j: W₁h_j
  scratch.from_s.noalias() = scorer.W2.lazyProduct(S.transpose());  // column i: W₂s_i
  out.z.resize(scorer.v.size(), n_tgt * n_src);
  tanh_of_sums<Shapes>(scratch, out.z);  // z_ij = tanh(a_ij), a_ij = W₁h_j + W₂s_i
  // e_ij = vᵀz_ij: all pairs in one product; entry i·n_src + j is e_ij
  scratch.flat.noalias() = out.z.transpose() * scorer.v;
  using ByTarget = Eigen::Matrix<double, Shapes::BySrc::ColsAtCompileTime,
                                 Shapes::ByTgt::ColsAtCompileTime>;  // e_ij in row j, column i
  out.scores = Eigen::Map<const ByTarget>(scratch.flat.data(), n_src, n_tgt).transpose();
}

template <class Shapes>
void backward(const AdditiveScorerOf<Shapes>& scorer, const typename Shapes::States& S,
              const typename Shapes::Memories& H, const AdditiveForwardOf<Shapes>& forward,
              const typename Shapes::Map& G, AdditiveGradientOf<Shapes>& grad,
              AdditiveScratchOf<Shapes>& scratch) {
  const Eigen::Index n_tgt = S.rows(), n_src = H.rows();
  // ∂L/∂v = Σ_ij g_ij z_ij   (e_ij = vᵀz_ij; column i·n_src + j of z holds z_ij)
  auto& g_flat = scratch.flat;
  g_flat.resize(n_tgt * n_src);
  for (Eigen::Index i = 0; i < n_tgt; ++i)
    g_flat.template segment<Shapes::BySrc::ColsAtCompileTime>(i * n_src, n_src) =
        G.row(i).transpose();
  grad.v.noalias() = forward.z * g_flat;
  // ∂L/∂a_ij = g_ij · v ⊙ (1 − z_ij²)   (tanh′ = 1 − tanh²)
  scratch.da = (((1.0 - forward.z.array().square()).colwise() * scorer.v.array()).rowwise() *
                g_flat.transpose().array())
                   .matrix();
  // ∂L/∂W₁ = Σ_j (Σ_i ∂L/∂a_ij) h_jᵀ,  ∂L/∂W₂ = Σ_i (Σ_j ∂L/∂a_ij) s_iᵀ   (a_ij = W₁h_j + W₂s_i)
  scratch.by_src.setZero(scratch.da.rows(), n_src);
  scratch.by_tgt.resize(scratch.da.rows(), n_tgt);
  for (Eigen::Index i = 0; i < n_tgt; ++i) {
    scratch.by_src += pairs_of_target<Shapes>(scratch.da, i, n_src);
    scratch.by_tgt.col(i) = pairs_of_target<Shapes>(scratch.da, i, n_src).rowwise().sum();
  }
  grad.W1.noalias() = scratch.by_src.lazyProduct(H);  // lazy: tiny products, no gemm blocking
  grad.W2.noalias() = scratch.by_tgt.lazyProduct(S);
}

}  // namespace attn::additive_passes
