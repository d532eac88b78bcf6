// RNNsearch (rnn_search.hpp) on a whole minibatch:
//   encoder  →h, ←h: two packed GRU passes (the backward one over each source reversed)
//   attend   e_ij = v_aᵀ tanh(W_a s_{i−1} + U_a h_j),  α_i = softmax(e_i),  c_i = Σ_j α_ij h_j
//   decoder  s_0 = tanh(W_init ←h_1 + b_init),  s_i = GRU_dec([E_tgt y_{i−1}; c_i], s_{i−1})
//   output   p(y_i) = softmax(W_out [s_i; c_i] + b_out)
// U_a h_j for all sentences is one GEMM; per step W_a s (A × H × k) and W_*ᶜ c_i (H × 2H × k)
// are GEMMs over the running sentences; the attention itself (A × T_b tanh per sentence and
// step) is a loop over sentences (attention_batch.hpp).
#include "nmt/attention_batch.hpp"
#include "nmt/batch_loss.hpp"
#include "nmt/decoder_prologue.hpp"
#include "nmt/gru_batch.hpp"
#include "nmt/output_layer.hpp"
#include "nmt/teacher_forcing.hpp"

namespace attn::batched {

template <class T>
double rnn_search_batch_loss(FlatModel<T, SearchW>& m, const Batch& batch) {
  const SearchW<T>& p = m.p;
  SearchW<T>& g = m.g;
  const int B = static_cast<int>(batch.size()), H = m.dims.hidden;
  DecoderPrologue<T> in = decoder_prologue<T>(p, batch);
  const Packed &ps = in.ps, &pd = in.pd;

  // Encoders: X packed forwards, Xr each source reversed (same lengths, same packing).
  const Mat<T> Xr = source_inputs<T>(ps, batch, p.emb_src, true);
  GruCache<T> fwd, bwd;
  gru_encode(p.enc_fwd, ps, in.X, fwd);
  gru_encode(p.enc_bwd, ps, Xr, bwd);
  Attention<T> att(p.U_a, ps, source_lengths(batch), fwd.Out, bwd.Out);

  // The decoder runs longest target first; dsent[j] is the batch index of its j-th sentence.
  const std::vector<int>& dsent = pd.order;
  Mat<T> H1(H, B);  // ←h_1 of each sentence, in decoder order
  for (int j = 0; j < B; ++j) H1.col(j) = att.Ann.col(att.aoff[dsent[j]]).tail(H);
  const Mat<T> S0 = initial_state(p.W_init, p.b_init, H1);

  const int N = pd.total;
  const auto Wc = [H](auto& W) { return W.rightCols(2 * H); };  // the context's columns of W_*
  auto &Az = in.Az, &Ar = in.Ar, &Ah = in.Ah;  // + b_* now, + W_*ᶜ c_i step by step
  Az.colwise() += p.dec.b_z, Ar.colwise() += p.dec.b_r, Ah.colwise() += p.dec.b_h;

  att.prepare_decoder(pd);
  GruCache<T> dec;
  dec.resize(H, N);
  const auto decoder_step = [&](int t, const auto& sprev) {  // sprev: s_{i−1}, H × k
    const int k = pd.active[t], c = pd.offset[t];
    att.forward(p.W_a, p.v_a, pd, t, sprev);
    auto ctx = att.Ctx.middleCols(c, k);
    auto az = Az.middleCols(c, k), ar = Ar.middleCols(c, k), ah = Ah.middleCols(c, k);
    gemm(az, Wc(p.dec.W_z), ctx, false, false, true);
    gemm(ar, Wc(p.dec.W_r), ctx, false, false, true);
    gemm(ah, Wc(p.dec.W_h), ctx, false, false, true);
    gru_step_forward(p.dec, dec, Az, Ar, Ah, c, k, sprev);
  };
  for (int t = 0; t < pd.steps; ++t) {
    if (t == 0) decoder_step(t, S0.leftCols(pd.active[0]));
    else decoder_step(t, dec.Out.middleCols(pd.offset[t - 1], pd.active[t]));
  }

  Mat<T> O(3 * H, N), dO;  // o = [s_i; c_i]
  O.topRows(H) = dec.Out, O.bottomRows(2 * H) = att.Ctx;
  const double loss = output_loss<T>(p.W_out, p.b_out, O, in.wanted, g.W_out, g.b_out, dO);

  // Backward through decoder and attention.
  const GruTransposed<T> Ut(p.dec);
  const Mat<T> WaT = p.W_a.transpose(), WcT_z = Wc(p.dec.W_z).transpose(), WcT_r = Wc(p.dec.W_r).transpose(),
               WcT_h = Wc(p.dec.W_h).transpose();
  Mat<T> carry = Mat<T>::Zero(H, B), d, dh, dctx;
  for (int t = pd.steps - 1; t >= 0; --t) {
    const int k = pd.active[t], c = pd.offset[t];
    d = dO.topRows(H).middleCols(c, k) + carry.leftCols(k);
    dh.resize(H, k);
    gru_step_backward(Ut, dec, d, c, k, dh);
    dctx = dO.bottomRows(2 * H).middleCols(c, k);  // x_i = [E y; c_i]: c_i's share of a_*
    gemm(dctx, WcT_z, dec.dAz.middleCols(c, k), false, false, true);
    gemm(dctx, WcT_r, dec.dAr.middleCols(c, k), false, false, true);
    gemm(dctx, WcT_h, dec.dAh.middleCols(c, k), false, false, true);
    att.backward(p.v_a, g.v_a, pd, t, dctx);
    gemm(dh, WaT, att.dWS.middleCols(c, k), false, false, true);  // pre = W_a s + …
    carry.leftCols(k) = dh;
  }
  gru_recurrent_grads(g.dec, dec);
  gemm(g.W_a, att.dWS, dec.Hprev, false, true, true);  // Hprev holds s_{i−1} of every column
  {
    auto cz = Wc(g.dec.W_z), cr = Wc(g.dec.W_r), ch = Wc(g.dec.W_h);
    gemm(cz, dec.dAz, att.Ctx, false, true, true), gemm(cr, dec.dAr, att.Ctx, false, true, true);
    gemm(ch, dec.dAh, att.Ctx, false, true, true);
  }
  word_input_backward(p.dec, g.dec, dec, pd, batch, in.Y, g.emb_tgt);
  att.backward_to_annotations(p.U_a, g.U_a);
  const Mat<T> dH1 = initial_state_backward(p.W_init, g.W_init, g.b_init, H1, S0, carry);
  for (int j = 0; j < B; ++j) att.dAnn.col(att.aoff[dsent[j]]).tail(H) += dH1.col(j);

  // Back into the two encoder passes' packed columns.
  Mat<T> dF, dB;
  att.annotation_grads_packed(ps, dF, dB);
  const Mat<T> dX = gru_encode_backward(p.enc_fwd, g.enc_fwd, ps, in.X, fwd, dF);
  const Mat<T> dXr = gru_encode_backward(p.enc_bwd, g.enc_bwd, ps, Xr, bwd, dB);
  source_embedding_backward(ps, batch, dX, false, g.emb_src);
  source_embedding_backward(ps, batch, dXr, true, g.emb_src);
  return loss;
}

template double rnn_search_batch_loss(FlatModel<float, SearchW>&, const Batch&);
template double rnn_search_batch_loss(FlatModel<double, SearchW>&, const Batch&);

}  // namespace attn::batched
