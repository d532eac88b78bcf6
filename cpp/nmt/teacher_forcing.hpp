#pragma once
// What both batched decoders share under teacher forcing: the previous word's embedding at every
// packed decoder column (y_0 = <bos>) and the word wanted there (the target, then <eos>), and the
// way the gradient goes back to those embeddings through the word's columns of W_*.
#include <vector>

#include "nmt/batch_loss.hpp"
#include "nmt/gru_batch.hpp"
#include "nmt/packed.hpp"

namespace attn::batched {

// Lengths of the decoder's runs: each target and its <eos>.
inline std::vector<int> decoder_lengths(const Batch& batch) {
  std::vector<int> n;
  for (const ToyPair* p : batch) n.push_back(static_cast<int>(p->target.size()) + 1);
  return n;
}
inline std::vector<int> source_lengths(const Batch& batch) {
  std::vector<int> n;
  for (const ToyPair* p : batch) n.push_back(static_cast<int>(p->source.size()));
  return n;
}

// The word fed in at step t of the j-th sentence in the decoder's order.
inline int previous_word(const Packed& pd, const Batch& batch, int t, int j) {
  return t == 0 ? kBos : batch[pd.order[j]]->target[t - 1];
}

// Y (E × N): E_tgt y_{t−1} at every column; wanted[n]: the word the output must give there.
template <class T, class Emb>
void teacher_forced_inputs(const Packed& pd, const Batch& batch, const Emb& emb_tgt, Mat<T>& Y,
                           std::vector<int>& wanted) {
  Y.resize(emb_tgt.rows(), pd.total);
  wanted.assign(pd.total, kEos);
  for (int t = 0; t < pd.steps; ++t)
    for (int j = 0; j < pd.active[t]; ++j) {
      Y.col(pd.col(t, j)) = emb_tgt.col(previous_word(pd, batch, t, j));
      if (t + 1 < pd.length[j]) wanted[pd.col(t, j)] = batch[pd.order[j]]->target[t];
    }
}

// The decoder's gates read x = [E_tgt y; rest]: a_* = W_*ˣ y + …, so ∂W_*ˣ = ∂A_* Yᵀ and
// ∂y = Σ W_*ˣᵀ ∂A_*, which goes to each column's word embedding.
template <class T, class Emb>
void word_input_backward(const GruW<T>& p, GruW<T>& g, const GruCache<T>& dec, const Packed& pd,
                         const Batch& batch, const Mat<T>& Y, Emb& g_emb_tgt) {
  const Eigen::Index E = Y.rows();
  auto gz = g.W_z.leftCols(E), gr = g.W_r.leftCols(E), gh = g.W_h.leftCols(E);
  gemm(gz, dec.dAz, Y, false, true, true);
  gemm(gr, dec.dAr, Y, false, true, true);
  gemm(gh, dec.dAh, Y, false, true, true);
  Mat<T> dY(E, Y.cols());
  gemm(dY, p.W_z.leftCols(E), dec.dAz, true, false, false);
  gemm(dY, p.W_r.leftCols(E), dec.dAr, true, false, true);
  gemm(dY, p.W_h.leftCols(E), dec.dAh, true, false, true);
  for (int t = 0; t < pd.steps; ++t)
    for (int j = 0; j < pd.active[t]; ++j) g_emb_tgt.col(previous_word(pd, batch, t, j)) += dY.col(pd.col(t, j));
}

// Adds the embeddings' gradient dX (E × N, packed by ps) to the source words' columns;
// reversed: column (t, j) read the sentence's word T − 1 − t.
template <class T, class Emb>
void source_embedding_backward(const Packed& ps, const Batch& batch, const Mat<T>& dX, bool reversed, Emb& g_emb_src) {
  for (int t = 0; t < ps.steps; ++t)
    for (int j = 0; j < ps.active[t]; ++j) {
      const auto& src = batch[ps.order[j]]->source;
      g_emb_src.col(src[reversed ? ps.length[j] - 1 - t : t]) += dX.col(ps.col(t, j));
    }
}

// The packed source embeddings (E × N), each sentence forwards or reversed.
template <class T, class Emb>
Mat<T> source_inputs(const Packed& ps, const Batch& batch, const Emb& emb_src, bool reversed) {
  Mat<T> X(emb_src.rows(), ps.total);
  for (int t = 0; t < ps.steps; ++t)
    for (int j = 0; j < ps.active[t]; ++j) {
      const auto& src = batch[ps.order[j]]->source;
      X.col(ps.col(t, j)) = emb_src.col(src[reversed ? ps.length[j] - 1 - t : t]);
    }
  return X;
}

// s_0 = tanh(W_init x + b_init) for the columns of X; backward: ∂a = ∂s_0 ⊙ (1 − s_0²).
template <class T, class WM, class BV>
Mat<T> initial_state(const WM& W_init, const BV& b_init, const Mat<T>& X) {
  Mat<T> S0(W_init.rows(), X.cols());
  gemm(S0, W_init, X, false, false, false);
  return (S0.colwise() + b_init).unaryExpr([](T a) { return tanh_of(a); });
}
template <class T, class WM, class GW, class GB>
Mat<T> initial_state_backward(const WM& W_init, GW& gW, GB& gb, const Mat<T>& X, const Mat<T>& S0, const Mat<T>& dS0) {
  const Mat<T> da = (dS0.array() * (T(1) - S0.array().square())).matrix();
  gemm(gW, da, X, false, true, true);
  add_column_sum(gb, da);
  Mat<T> dX(X.rows(), X.cols());
  gemm(dX, W_init, da, true, false, false);
  return dX;
}

}  // namespace attn::batched
