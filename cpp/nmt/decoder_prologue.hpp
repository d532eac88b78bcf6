#pragma once
// What both batched models (rnn_enc_batch.cpp, rnn_search_batch.cpp) do before they differ:
// pack the sources and embed them, pack the decoder's runs longest first, and under teacher
// forcing give every decoder column its input word and the word it must produce, with that
// word's share of the decoder's gates as one product for all columns. The models then encode
// (RNNsearch also over each source reversed) and start their decoders from their own state.
#include <vector>

#include "nmt/batch_loss.hpp"
#include "nmt/fixed_order_gemm.hpp"
#include "nmt/packed.hpp"
#include "nmt/teacher_forcing.hpp"

namespace attn::batched {

template <class T>
struct DecoderPrologue {
  Packed ps;                // the sources, longest first
  Mat<T> X;                 // their embeddings E_src x_t, packed by ps (E × ΣT)
  Packed pd;                // the decoder's runs (target and <eos>), longest first
  Mat<T> Y;                 // E_tgt y_{i−1} at every decoder column (E × N)
  std::vector<int> wanted;  // the word each decoder column must give
  Mat<T> Az, Ar, Ah;        // W_*ˣ y: the word's share of a_z, a_r, a_h (H × N), no bias yet
};

// P: the model's parameters (EncW or SearchW): emb_src, emb_tgt and the decoder GRU dec, whose
// W_* read x = [E_tgt y; …] (the word's E columns first).
template <class T, class P>
DecoderPrologue<T> decoder_prologue(const P& p, const Batch& batch) {
  DecoderPrologue<T> r;
  r.ps = pack(source_lengths(batch));
  r.X = source_inputs<T>(r.ps, batch, p.emb_src, false);
  r.pd = pack(decoder_lengths(batch));
  teacher_forced_inputs(r.pd, batch, p.emb_tgt, r.Y, r.wanted);
  const Eigen::Index E = r.Y.rows(), H = p.dec.U_z.rows(), N = r.pd.total;
  r.Az.resize(H, N), r.Ar.resize(H, N), r.Ah.resize(H, N);
  gemm(r.Az, p.dec.W_z.leftCols(E), r.Y, false, false, false);
  gemm(r.Ar, p.dec.W_r.leftCols(E), r.Y, false, false, false);
  gemm(r.Ah, p.dec.W_h.leftCols(E), r.Y, false, false, false);
  return r;
}

}  // namespace attn::batched
