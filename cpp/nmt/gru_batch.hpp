#pragma once
// The GRU (gru_layer.hpp) on a packed batch (packed.hpp): columns are (step, sentence) pairs.
//   z = σ(a_z + U_z h),  r = σ(a_r + U_r h),  h̃ = tanh(a_h + U_h (r ⊙ h)),  h' = h + z ⊙ (h̃ − h)
// a_* = W_* x + b_* (the input's share) is the caller's: for all steps at once when the inputs
// are known in advance (one GEMM instead of a GEMV per step and sentence), or step by step when
// they are not (RNNsearch's context). The U_* products are H × H × active GEMMs, one per step
// for all running sentences. Backward does per step only what the recurrence needs; the weight
// gradients come after the loop as whole-sequence products (Σ_t δ_t h_tᵀ = Δ Hᵀ).
#include "nmt/fixed_order_gemm.hpp"
#include "nmt/flat_params.hpp"
#include "nmt/float_math.hpp"
#include "nmt/packed.hpp"

namespace attn::batched {

template <class T>
struct GruCache {
  Mat<T> Hprev, Z, R, RH, Cand, Out;  // H × N: h, z, r, r ⊙ h, h̃, h'
  Mat<T> dAz, dAr, dAh;               // H × N: ∂L/∂a_* (filled by the backward steps)
  void resize(int H, int N) {
    for (Mat<T>* m : {&Hprev, &Z, &R, &RH, &Cand, &Out, &dAz, &dAr, &dAh}) m->resize(H, N);
  }
};

// Step over columns [c, c+k): Az/Ar/Ah hold a_* there on entry; hprev is H × k.
template <class T, class HP>
void gru_step_forward(const GruW<T>& p, GruCache<T>& s, const Mat<T>& Az, const Mat<T>& Ar,
                      const Mat<T>& Ah, int c, int k, const HP& hprev) {
  auto h = s.Hprev.middleCols(c, k);
  h = hprev;
  auto z = s.Z.middleCols(c, k), r = s.R.middleCols(c, k), rh = s.RH.middleCols(c, k);
  auto cand = s.Cand.middleCols(c, k);
  z = Az.middleCols(c, k), r = Ar.middleCols(c, k), cand = Ah.middleCols(c, k);
  gemm(z, p.U_z, h, false, false, true);
  gemm(r, p.U_r, h, false, false, true);
  z = z.unaryExpr([](T a) { return sigmoid_of(a); });
  r = r.unaryExpr([](T a) { return sigmoid_of(a); });
  rh = r.cwiseProduct(h);
  gemm(cand, p.U_h, rh, false, false, true);
  cand = cand.unaryExpr([](T a) { return tanh_of(a); });
  s.Out.middleCols(c, k) = h + z.cwiseProduct(cand - h);
}

// U_zᵀ, U_rᵀ, U_hᵀ for the backward steps, transposed once per minibatch, not once per step.
template <class T>
struct GruTransposed {
  Mat<T> U_z, U_r, U_h;
  explicit GruTransposed(const GruW<T>& p) : U_z(p.U_z.transpose()), U_r(p.U_r.transpose()), U_h(p.U_h.transpose()) {}
};

// Given d = ∂L/∂h' over columns [c, c+k), writes ∂L/∂a_* there and ∂L/∂h into dh (H × k).
template <class T, class DH>
void gru_step_backward(const GruTransposed<T>& Ut, GruCache<T>& s, const Mat<T>& d, int c, int k, DH&& dh) {
  const auto h = s.Hprev.middleCols(c, k), z = s.Z.middleCols(c, k), r = s.R.middleCols(c, k);
  const auto cand = s.Cand.middleCols(c, k);
  auto daz = s.dAz.middleCols(c, k), dar = s.dAr.middleCols(c, k), dah = s.dAh.middleCols(c, k);
  // h' = h + z ⊙ (h̃ − h): ∂z = d ⊙ (h̃ − h), ∂h̃ = d ⊙ z, ∂h (direct) = d ⊙ (1 − z)
  daz = (d.array() * (cand - h).array() * z.array() * (T(1) - z.array())).matrix();  // σ' = σ(1 − σ)
  dah = (d.array() * z.array() * (T(1) - cand.array().square())).matrix();           // tanh' = 1 − h̃²
  dh = (d.array() * (T(1) - z.array())).matrix();
  Mat<T> drh(h.rows(), k);  // a_h = … + U_h (r ⊙ h)
  gemm(drh, Ut.U_h, dah, false, false, false);
  dh.array() += drh.array() * r.array();
  dar = (drh.array() * h.array() * r.array() * (T(1) - r.array())).matrix();
  gemm(dh, Ut.U_z, daz, false, false, true);
  gemm(dh, Ut.U_r, dar, false, false, true);
}

// After all backward steps: the recurrent weights' and the biases' gradients, as products over
// the whole sequence. (W_*'s gradient is the caller's: it knows the inputs.)
template <class T>
void gru_recurrent_grads(GruW<T>& g, const GruCache<T>& s) {
  gemm(g.U_z, s.dAz, s.Hprev, false, true, true);
  gemm(g.U_r, s.dAr, s.Hprev, false, true, true);
  gemm(g.U_h, s.dAh, s.RH, false, true, true);
  add_column_sum(g.b_z, s.dAz);
  add_column_sum(g.b_r, s.dAr);
  add_column_sum(g.b_h, s.dAh);
}

// An encoder: inputs X (in × N, packed) known in advance, h0 = 0.
template <class T>
void gru_encode(const GruW<T>& p, const Packed& pk, const Mat<T>& X, GruCache<T>& s) {
  const int H = static_cast<int>(p.U_z.rows());
  s.resize(H, pk.total);
  Mat<T> Az(H, pk.total), Ar(H, pk.total), Ah(H, pk.total);
  gemm(Az, p.W_z, X, false, false, false), Az.colwise() += p.b_z;
  gemm(Ar, p.W_r, X, false, false, false), Ar.colwise() += p.b_r;
  gemm(Ah, p.W_h, X, false, false, false), Ah.colwise() += p.b_h;
  const Mat<T> h0 = Mat<T>::Zero(H, pk.active.empty() ? 0 : pk.active[0]);
  for (int t = 0; t < pk.steps; ++t) {
    const int k = pk.active[t];
    if (t == 0) gru_step_forward(p, s, Az, Ar, Ah, pk.offset[t], k, h0);
    else gru_step_forward(p, s, Az, Ar, Ah, pk.offset[t], k, s.Out.middleCols(pk.offset[t - 1], k));
  }
}

// Its backward: dOut (H × N) = ∂L/∂h' from outside at every column. Adds all of the GRU's
// gradients to g and returns ∂L/∂X (in × N).
template <class T>
Mat<T> gru_encode_backward(const GruW<T>& p, GruW<T>& g, const Packed& pk, const Mat<T>& X,
                           GruCache<T>& s, const Mat<T>& dOut) {
  const int H = static_cast<int>(p.U_z.rows());
  const GruTransposed<T> Ut(p);
  Mat<T> carry = Mat<T>::Zero(H, pk.active.empty() ? 0 : pk.active[0]), d, dh;
  for (int t = pk.steps - 1; t >= 0; --t) {
    const int k = pk.active[t], c = pk.offset[t];
    // h_t feeds the output at t and the next step: ∂L/∂h_t = dOut_t + (via h_{t+1})
    d = dOut.middleCols(c, k) + carry.leftCols(k);
    dh.resize(H, k);
    gru_step_backward(Ut, s, d, c, k, dh);
    carry.leftCols(k) = dh;
  }
  gru_recurrent_grads(g, s);
  gemm(g.W_z, s.dAz, X, false, true, true);  // a = W x: ∂W = ∂A Xᵀ
  gemm(g.W_r, s.dAr, X, false, true, true);
  gemm(g.W_h, s.dAh, X, false, true, true);
  Mat<T> dX(X.rows(), X.cols());
  gemm(dX, p.W_z, s.dAz, true, false, false);
  gemm(dX, p.W_r, s.dAr, true, false, true);
  gemm(dX, p.W_h, s.dAh, true, false, true);
  return dX;
}

}  // namespace attn::batched
