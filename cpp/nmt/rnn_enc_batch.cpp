// RNNenc (rnn_enc.hpp) on a whole minibatch:
//   encoder  h_t = GRU_enc(E_src y_t, h_{t−1}),  c = h_T
//   decoder  s_0 = tanh(W_init c + b_init),  s_i = GRU_dec([E_tgt y_{i−1}; c], s_{i−1})
//   output   p(y_i) = softmax(W_out [s_i; c] + b_out)
// c is the same at every decoder step, so its share of the decoder's gates, W_*ᶜ c, is one
// H × H × B product per minibatch, and its gradient one product after the loop.
#include "nmt/batch_loss.hpp"
#include "nmt/decoder_prologue.hpp"
#include "nmt/gru_batch.hpp"
#include "nmt/output_layer.hpp"
#include "nmt/teacher_forcing.hpp"

namespace attn::batched {

template <class T>
double rnn_enc_batch_loss(FlatModel<T, EncW>& m, const Batch& batch) {
  const EncW<T>& p = m.p;
  EncW<T>& g = m.g;
  const int B = static_cast<int>(batch.size()), H = m.dims.hidden;
  DecoderPrologue<T> in = decoder_prologue<T>(p, batch);
  const Packed &ps = in.ps, &pd = in.pd;
  GruCache<T> enc;
  gru_encode(p.enc, ps, in.X, enc);

  // The decoder runs in its own order (longest target first): C holds c in that order.
  Mat<T> C(H, B);
  for (int j = 0; j < B; ++j) C.col(j) = enc.Out.col(ps.last_col(ps.pos[pd.order[j]]));
  const Mat<T> S0 = initial_state(p.W_init, p.b_init, C);

  const int N = pd.total;
  const auto Wc = [H](auto& W) { return W.rightCols(H); };  // c's columns of W_*
  auto &Az = in.Az, &Ar = in.Ar, &Ah = in.Ah;  // + W_*ᶜ c + b_* step by step below
  Mat<T> Cz(H, B), Cr(H, B), Ch(H, B);
  gemm(Cz, Wc(p.dec.W_z), C, false, false, false);
  gemm(Cr, Wc(p.dec.W_r), C, false, false, false);
  gemm(Ch, Wc(p.dec.W_h), C, false, false, false);
  GruCache<T> dec;
  dec.resize(H, N);
  for (int t = 0; t < pd.steps; ++t) {
    const int k = pd.active[t], c = pd.offset[t];
    Az.middleCols(c, k) += Cz.leftCols(k), Az.middleCols(c, k).colwise() += p.dec.b_z;
    Ar.middleCols(c, k) += Cr.leftCols(k), Ar.middleCols(c, k).colwise() += p.dec.b_r;
    Ah.middleCols(c, k) += Ch.leftCols(k), Ah.middleCols(c, k).colwise() += p.dec.b_h;
    if (t == 0) gru_step_forward(p.dec, dec, Az, Ar, Ah, c, k, S0.leftCols(k));
    else gru_step_forward(p.dec, dec, Az, Ar, Ah, c, k, dec.Out.middleCols(pd.offset[t - 1], k));
  }

  Mat<T> O(2 * H, N), dO;  // o = [s_i; c]
  O.topRows(H) = dec.Out;
  for (int t = 0; t < pd.steps; ++t) O.bottomRows(H).middleCols(pd.offset[t], pd.active[t]) = C.leftCols(pd.active[t]);
  const double loss = output_loss<T>(p.W_out, p.b_out, O, in.wanted, g.W_out, g.b_out, dO);

  // Backward through the decoder.
  const GruTransposed<T> Ut(p.dec);
  Mat<T> carry = Mat<T>::Zero(H, B), dC = Mat<T>::Zero(H, B), d, dh;
  for (int t = pd.steps - 1; t >= 0; --t) {
    const int k = pd.active[t], c = pd.offset[t];
    dC.leftCols(k) += dO.bottomRows(H).middleCols(c, k);
    d = dO.topRows(H).middleCols(c, k) + carry.leftCols(k);
    dh.resize(H, k);
    gru_step_backward(Ut, dec, d, c, k, dh);
    carry.leftCols(k) = dh;
  }
  gru_recurrent_grads(g.dec, dec);
  word_input_backward(p.dec, g.dec, dec, pd, batch, in.Y, g.emb_tgt);
  // Per sentence Σ_i ∂a_i: the gradient that reaches c through every step's W_*ᶜ c.
  Mat<T> Sz = Mat<T>::Zero(H, B), Sr = Mat<T>::Zero(H, B), Sh = Mat<T>::Zero(H, B);
  for (int t = 0; t < pd.steps; ++t) {
    const int k = pd.active[t], c = pd.offset[t];
    Sz.leftCols(k) += dec.dAz.middleCols(c, k), Sr.leftCols(k) += dec.dAr.middleCols(c, k);
    Sh.leftCols(k) += dec.dAh.middleCols(c, k);
  }
  {
    auto cz = Wc(g.dec.W_z), cr = Wc(g.dec.W_r), ch = Wc(g.dec.W_h);
    gemm(cz, Sz, C, false, true, true), gemm(cr, Sr, C, false, true, true), gemm(ch, Sh, C, false, true, true);
  }
  gemm(dC, Wc(p.dec.W_z), Sz, true, false, true);
  gemm(dC, Wc(p.dec.W_r), Sr, true, false, true);
  gemm(dC, Wc(p.dec.W_h), Sh, true, false, true);
  dC += initial_state_backward(p.W_init, g.W_init, g.b_init, C, S0, carry);

  // c = h_T: the gradient enters the encoder at each sentence's last column.
  Mat<T> dHs = Mat<T>::Zero(H, ps.total);
  for (int j = 0; j < B; ++j) dHs.col(ps.last_col(ps.pos[pd.order[j]])) = dC.col(j);
  const Mat<T> dX = gru_encode_backward(p.enc, g.enc, ps, in.X, enc, dHs);
  source_embedding_backward(ps, batch, dX, false, g.emb_src);
  return loss;
}

template double rnn_enc_batch_loss(FlatModel<float, EncW>&, const Batch&);
template double rnn_enc_batch_loss(FlatModel<double, EncW>&, const Batch&);

}  // namespace attn::batched
