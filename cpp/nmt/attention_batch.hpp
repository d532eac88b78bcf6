#pragma once
// RNNsearch's attention over a packed minibatch (rnn_search_batch.cpp), with what its backward
// pass needs kept per (step, sentence) column n:
//   z_j = tanh(W_a s + U_a h_j),  e_j = v_aᵀ z_j,  α = softmax(e),  c = Σ_j α_j h_j
// Annotations h_j = [→h_j; ←h_j] are gathered sentence by sentence (batch order): sentence b at
// columns aoff[b] … aoff[b] + T_b − 1, so a step reads contiguous columns. U_a h_j is computed
// once per minibatch (the same at every decoder step). Every buffer a step needs is sized once per
// minibatch (prepare_decoder) and reused: the loops over sentences allocate nothing.
#include <algorithm>
#include <vector>

#include "nmt/fixed_order_gemm.hpp"
#include "nmt/float_math.hpp"
#include "nmt/packed.hpp"

namespace attn::batched {

template <class T>
struct Attention {
  std::vector<int> src_len, aoff, zoff, dsent;
  Mat<T> Ann, UH;     // 2H × ΣT, A × ΣT
  Mat<T> Zbuf, Ctx;   // z for every (column, source word): A × Σ; c: 2H × N
  Vec<T> Alpha;       // α, laid out as Zbuf's columns
  Mat<T> WS, dWS;     // W_a s (A × k, the current step); ∂pre summed over j (A × N)
  Mat<T> dAnn, dUH;   // gradients of Ann and UH
  // Workspaces: Annᵀ (ΣT × 2H, for ∂α = Annᵀ ∂c without a transpose per sentence and step), one
  // step's zᵀ (for its scores e = zᵀ v_a), and one sentence's ∂α, ∂e (T_max) and ∂pre (A × T_max).
  Mat<T> AnnT, ZT, dPre;
  Vec<T> dAlpha, dE;

  // fwd, bwd: the two encoder passes' outputs, packed by ps (bwd over the reversed sources).
  template <class UA>
  Attention(const UA& U_a, const Packed& ps, const std::vector<int>& lengths, const Mat<T>& fwd, const Mat<T>& bwd)
      : src_len(lengths), aoff(lengths.size() + 1, 0) {
    const int B = static_cast<int>(lengths.size()), H = static_cast<int>(fwd.rows());
    for (int b = 0; b < B; ++b) aoff[b + 1] = aoff[b] + lengths[b];
    Ann.resize(2 * H, aoff[B]);
    for (int b = 0; b < B; ++b)  // ←h_j is the backward pass's step T_b − 1 − j
      for (int t = 0, j = ps.pos[b], Tb = lengths[b]; t < Tb; ++t) {
        Ann.col(aoff[b] + t).head(H) = fwd.col(ps.col(t, j));
        Ann.col(aoff[b] + t).tail(H) = bwd.col(ps.col(Tb - 1 - t, j));
      }
    UH.resize(U_a.rows(), aoff[B]);
    gemm(UH, U_a, Ann, false, false, false);
  }

  // Room for every decoder column of pd (z and α are kept for backward).
  void prepare_decoder(const Packed& pd) {
    dsent = pd.order;
    const int N = pd.total, A = static_cast<int>(UH.rows());
    zoff.assign(N + 1, 0);
    for (int t = 0; t < pd.steps; ++t)
      for (int j = 0; j < pd.active[t]; ++j) zoff[pd.col(t, j) + 1] = src_len[dsent[j]];
    for (int n = 0; n < N; ++n) zoff[n + 1] += zoff[n];
    Zbuf.resize(A, zoff[N]);
    Alpha.resize(zoff[N]);
    Ctx.resize(Ann.rows(), N);
    dWS = Mat<T>::Zero(A, N);
    dAnn = Mat<T>::Zero(Ann.rows(), Ann.cols());
    dUH = Mat<T>::Zero(A, Ann.cols());
    int widest_step = 0, longest = 0;
    for (int t = 0; t < pd.steps; ++t)
      widest_step = std::max(widest_step, zoff[pd.offset[t] + pd.active[t]] - zoff[pd.offset[t]]);
    for (const int len : src_len) longest = std::max(longest, len);
    WS.resize(A, pd.steps ? pd.active[0] : 0);
    AnnT = Ann.transpose();
    ZT.resize(widest_step, A);
    dPre.resize(A, longest);
    dAlpha.resize(longest), dE.resize(longest);
  }

  // Step t: sprev (H × k) = s_{i−1} of the running sentences; fills Ctx's columns of step t.
  template <class WA, class VA, class SP>
  void forward(const WA& W_a, const VA& v_a, const Packed& pd, int t, const SP& sprev) {
    const int k = pd.active[t], c = pd.offset[t];
    gemm(WS.leftCols(k), W_a, sprev, false, false, false);
    for (int j = 0; j < k; ++j) {
      const int b = dsent[j], n = c + j, Tb = src_len[b];
      Zbuf.middleCols(zoff[n], Tb) =
          (UH.middleCols(aoff[b], Tb).colwise() + WS.col(j)).unaryExpr([](T a) { return tanh_of(a); });
    }
    // e_j = v_aᵀ z_j for the whole step: its z are contiguous columns of Zbuf, so e is one
    // product zᵀ v_a (each e_j summed over the rows of z_j in order, as per sentence).
    const int z0 = zoff[c], zn = zoff[c + k] - z0;
    auto zt = ZT.topRows(zn);
    zt = Zbuf.middleCols(z0, zn).transpose();
    gemm(Alpha.segment(z0, zn), zt, v_a, false, false, false);
    for (int j = 0; j < k; ++j) {
      const int b = dsent[j], n = c + j, Tb = src_len[b];
      auto alpha = Alpha.segment(zoff[n], Tb);
      const T mx = alpha.maxCoeff();  // softmax, shifted by the max
      alpha = alpha.unaryExpr([mx](T e) { return exp_of(e - mx); });
      alpha /= sum_in_order(alpha);
      gemm(Ctx.col(n), Ann.middleCols(aoff[b], Tb), alpha, false, false, false);  // c = Σ α_j h_j
    }
  }

  // Step t's backward, given dctx = ∂L/∂c (2H × k): adds to ∂v_a, dAnn, dUH; fills dWS's columns.
  template <class VA, class GV>
  void backward(const VA& v_a, GV& g_v_a, const Packed& pd, int t, const Mat<T>& dctx) {
    const int k = pd.active[t], c = pd.offset[t];
    for (int j = 0; j < k; ++j) {
      const int b = dsent[j], n = c + j, Tb = src_len[b];
      const auto Z = Zbuf.middleCols(zoff[n], Tb);
      const auto alpha = Alpha.segment(zoff[n], Tb);
      auto dalpha = dAlpha.head(Tb), de = dE.head(Tb);
      auto dp = dPre.leftCols(Tb);
      dAnn.middleCols(aoff[b], Tb).noalias() += dctx.col(j) * alpha.transpose();  // c = Σ α_j h_j
      gemm(dalpha, AnnT.middleRows(aoff[b], Tb), dctx.col(j), false, false, false);  // ∂α_j = h_jᵀ ∂c
      T pg = 0;
      for (int i = 0; i < Tb; ++i) pg += alpha(i) * dalpha(i);
      de = (alpha.array() * (dalpha.array() - pg)).matrix();  // softmax: ∂e = α ⊙ (∂α − αᵀ∂α)
      gemm(g_v_a, Z, de, false, false, true);                 // e_j = v_aᵀ z_j
      // z_j = tanh(pre_j): ∂pre_j = ∂e_j · v_a ⊙ (1 − z_j²)
      dp = ((T(1) - Z.array().square()).colwise() * v_a.array()).rowwise() * de.transpose().array();
      dUH.middleCols(aoff[b], Tb) += dp;
      add_column_sum(dWS.col(n), dp);  // pre_j = W_a s + U_a h_j for every j
    }
  }

  // After all steps: UH = U_a Ann, so ∂U_a = ∂UH Annᵀ and ∂Ann += U_aᵀ ∂UH.
  template <class UA, class GU>
  void backward_to_annotations(const UA& U_a, GU& g_U_a) {
    gemm(g_U_a, dUH, Ann, false, true, true);
    gemm(dAnn, U_a, dUH, true, false, true);
  }

  // dAnn split back into the two encoder passes' packed columns.
  void annotation_grads_packed(const Packed& ps, Mat<T>& dF, Mat<T>& dB) const {
    const int H = static_cast<int>(Ann.rows() / 2);
    dF.resize(H, ps.total), dB.resize(H, ps.total);
    for (std::size_t b = 0; b < src_len.size(); ++b)
      for (int t = 0, j = ps.pos[b], Tb = src_len[b]; t < Tb; ++t) {
        dF.col(ps.col(t, j)) = dAnn.col(aoff[b] + t).head(H);
        dB.col(ps.col(Tb - 1 - t, j)) = dAnn.col(aoff[b] + t).tail(H);
      }
  }
};

}  // namespace attn::batched
