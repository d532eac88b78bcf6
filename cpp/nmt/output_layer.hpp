#pragma once
// The decoder's output layer and loss for all (step, sentence) columns of a minibatch at once:
// under teacher forcing nothing of it feeds back into the recurrence, so it is one GEMM forward
// and two backward (V × D × N), however the recurrence was run.
//   p_n = softmax(W_out o_n + b_out),  L = Σ_n −log p_n[y_n],  ∂L/∂logits_n = p_n − onehot(y_n)
#include <algorithm>
#include <cmath>
#include <vector>

#include "nmt/fixed_order_gemm.hpp"
#include "nmt/float_math.hpp"

namespace attn::batched {

// O: D × N, wanted[n]: the word wanted at column n. Adds to gW, gb; writes dO (D × N).
// Returns Σ −log p, in double whatever T (it is only reported).
template <class T, class WM, class BV, class GW, class GB>
double output_loss(const WM& W, const BV& b, const Mat<T>& O, const std::vector<int>& wanted, GW& gW,
                   GB& gb, Mat<T>& dO) {
  const Eigen::Index N = O.cols();
  Mat<T> L(W.rows(), N);
  gemm(L, W, O, false, false, false);
  double loss = 0;
  for (Eigen::Index n = 0; n < N; ++n) {
    auto l = L.col(n);
    l += b;
    const T mx = l.maxCoeff();  // softmax is shift-invariant: subtract the max, exp never overflows
    T sum = 0;
    for (Eigen::Index v = 0; v < l.size(); ++v) sum += (l(v) = exp_of(l(v) - mx));
    l /= sum;
    loss -= std::log(std::max(static_cast<double>(l(wanted[n])), 1e-300));  // log 0 would be −∞
    l(wanted[n]) -= T(1);                                                     // now ∂L/∂logits
  }
  gemm(gW, L, O, false, true, true);
  add_column_sum(gb, L);
  dO.resize(O.rows(), N);
  gemm(dO, W, L, true, false, false);
  return loss;
}

}  // namespace attn::batched
