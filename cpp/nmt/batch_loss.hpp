#pragma once
// The loss of a whole minibatch and its gradient, for each model, on its flat float or double
// parameters: the same numbers as the sum of rnn_enc_loss / rnn_search_loss over its pairs (up
// to the order of floating-point sums), computed with packed GEMMs (gru_batch, output_layer).
// Returns Σ −log p over the batch's target tokens; the gradient is added to m.G.
#include <vector>

#include "nmt/flat_params.hpp"
#include "nmt/toy_corpus.hpp"

namespace attn::batched {

using Batch = std::vector<const ToyPair*>;

template <class T>
double rnn_enc_batch_loss(FlatModel<T, EncW>& m, const Batch& batch);
template <class T>
double rnn_search_batch_loss(FlatModel<T, SearchW>& m, const Batch& batch);

inline double batch_loss(FlatModel<float, EncW>& m, const Batch& b) { return rnn_enc_batch_loss(m, b); }
inline double batch_loss(FlatModel<double, EncW>& m, const Batch& b) { return rnn_enc_batch_loss(m, b); }
inline double batch_loss(FlatModel<float, SearchW>& m, const Batch& b) { return rnn_search_batch_loss(m, b); }
inline double batch_loss(FlatModel<double, SearchW>& m, const Batch& b) { return rnn_search_batch_loss(m, b); }

}  // namespace attn::batched
