#include "nmt/rnn_enc.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "nmt/adam.hpp"
#include "core/rng.hpp"
#include "support/param_gradient_check.hpp"

namespace attn {
namespace {

ToyPair short_pair() {
  const ToyCorpus c = make_toy_corpus({5, 20, 0, 0, 5, 8});
  return c.train[0];
}

RnnEnc tiny_model(Rng& rng) {
  const ToyCorpus c = make_toy_corpus({5, 1, 0, 0, 3, 8});
  RnnEnc m = random_rnn_enc(c.source_vocab.size(), c.target_vocab.size(), 3, 4, rng);
  m.p.visit(m.g, [&rng](const std::string&, auto& p, auto&) { p += rng.normal_matrix(p.rows(), p.cols(), 0.2); });
  return m;  // nonzero biases, so their gradients are checked at a generic point
}

TEST(Seq2SeqEnc, LossGradientMatchesCentralDifferencesForEveryBlock) {
  Rng rng(21);
  RnnEnc m = tiny_model(rng);
  const ToyPair pair = short_pair();
  ParamList params = param_list(m);
  zero_grads(params);
  rnn_enc_loss(m, pair, true);
  EXPECT_EQ(params.size(), 24u);  // 2 embeddings, 2 × 9 GRU blocks, W_init, b_init, W_out, b_out
  testing::expect_gradients_match_central_differences(
      params, [&] { return rnn_enc_loss(m, pair, false); }, rng);
}

TEST(Seq2SeqEnc, GradientAccumulatesOverPairs) {
  Rng rng(22);
  RnnEnc m = tiny_model(rng);
  const ToyPair pair = short_pair();
  ParamList params = param_list(m);
  zero_grads(params);
  rnn_enc_loss(m, pair, true);
  const Eigen::VectorXd once = params.back().grad;
  rnn_enc_loss(m, pair, true);
  EXPECT_LT((params.back().grad - 2 * once).norm(), 1e-12);
}

TEST(Seq2SeqEnc, GreedyTranslationStopsAtMaxLength) {
  Rng rng(23);
  RnnEnc m = tiny_model(rng);
  m.p.b_out(kEos) = -100;  // never ends by itself
  EXPECT_EQ(rnn_enc_translate(m, short_pair().source, 7).size(), 7u);
  EXPECT_THROW(rnn_enc_translate(m, {}, 5), std::invalid_argument);
}

}  // namespace
}  // namespace attn
