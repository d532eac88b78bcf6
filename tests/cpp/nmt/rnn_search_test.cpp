#include "nmt/rnn_search.hpp"

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

RnnSearch tiny_model(Rng& rng) {
  const ToyCorpus c = make_toy_corpus({5, 1, 0, 0, 3, 8});
  RnnSearch m = random_rnn_search(c.source_vocab.size(), c.target_vocab.size(), 3, 4, 3, rng);
  m.p.visit(m.g, [&rng](const std::string&, auto& p, auto&) { p += rng.normal_matrix(p.rows(), p.cols(), 0.2); });
  return m;  // nonzero biases, so their gradients are checked at a generic point
}

TEST(Seq2SeqSearch, LossGradientMatchesCentralDifferencesForEveryBlock) {
  Rng rng(21);
  RnnSearch m = tiny_model(rng);
  const ToyPair pair = short_pair();
  ParamList params = param_list(m);
  zero_grads(params);
  rnn_search_loss(m, pair, true);
  EXPECT_EQ(params.size(), 36u);  // 2 embeddings, 3 × 9 GRU blocks, W_init, b_init, W_a, U_a, v_a, W_out, b_out
  testing::expect_gradients_match_central_differences(
      params, [&] { return rnn_search_loss(m, pair, false); }, rng);
}

TEST(Seq2SeqSearch, GradientAccumulatesOverPairs) {
  Rng rng(22);
  RnnSearch m = tiny_model(rng);
  const ToyPair pair = short_pair();
  ParamList params = param_list(m);
  zero_grads(params);
  rnn_search_loss(m, pair, true);
  const Eigen::VectorXd once = params.back().grad;
  rnn_search_loss(m, pair, true);
  EXPECT_LT((params.back().grad - 2 * once).norm(), 1e-12);
}

TEST(Seq2SeqSearch, GreedyTranslationStopsAtMaxLength) {
  Rng rng(23);
  RnnSearch m = tiny_model(rng);
  m.p.b_out(kEos) = -100;  // never ends by itself
  EXPECT_EQ(rnn_search_translate(m, short_pair().source, 7).size(), 7u);
  EXPECT_THROW(rnn_search_translate(m, {}, 5), std::invalid_argument);
}

TEST(Seq2SeqSearch, AlignmentRowsAreDistributionsOverTheSource) {
  Rng rng(24);
  RnnSearch m = tiny_model(rng);
  const ToyPair pair = short_pair();
  Eigen::MatrixXd alignment;
  const auto out = rnn_search_translate(m, pair.source, 12, &alignment);
  ASSERT_EQ(alignment.cols(), static_cast<Eigen::Index>(pair.source.size()));
  ASSERT_GE(alignment.rows(), static_cast<Eigen::Index>(out.size()));
  for (Eigen::Index i = 0; i < alignment.rows(); ++i) {
    EXPECT_NEAR(alignment.row(i).sum(), 1.0, 1e-12);
    EXPECT_GE(alignment.row(i).minCoeff(), 0.0);
  }
}

// The step the decoder figure shows is the model that was trained: teacher-forced through
// rnn_search_step, −Σ ln p(wanted) is the training loss, to rounding.
TEST(Seq2SeqSearch, TheStepTheFigureShowsGivesTheTrainingLoss) {
  Rng rng(25);
  RnnSearch m = tiny_model(rng);
  const ToyPair pair = short_pair();
  const RnnSearchMemory memory = rnn_search_memory(m, pair.source);
  Eigen::VectorXd s = memory.s0;
  double loss = 0;
  for (std::size_t i = 0; i <= pair.target.size(); ++i) {
    const int previous = i == 0 ? kBos : pair.target[i - 1];
    const int wanted = i == pair.target.size() ? kEos : pair.target[i];
    const RnnSearchStep step = rnn_search_step(m, memory, previous, s);
    EXPECT_NEAR(step.alpha.sum(), 1.0, 1e-12);
    EXPECT_NEAR(step.probs.sum(), 1.0, 1e-12);
    loss -= std::log(step.probs(wanted));
    s = step.state;
  }
  EXPECT_NEAR(loss, rnn_search_loss(m, pair, false), 1e-10 * std::abs(loss));
}

TEST(Seq2SeqSearch, StepRejectsAWordOrStateOrMemoryOfAnotherShape) {
  Rng rng(26);
  const RnnSearch m = tiny_model(rng);
  const RnnSearchMemory memory = rnn_search_memory(m, short_pair().source);
  EXPECT_THROW(rnn_search_step(m, memory, -1, memory.s0), std::invalid_argument);
  EXPECT_THROW(rnn_search_step(m, memory, static_cast<int>(m.p.emb_tgt.cols()), memory.s0), std::invalid_argument);
  EXPECT_THROW(rnn_search_step(m, memory, kBos, Eigen::VectorXd::Zero(m.hidden() + 1)), std::invalid_argument);
  RnnSearchMemory other = memory;
  other.UH = other.UH.topRows(1);
  EXPECT_THROW(rnn_search_step(m, other, kBos, memory.s0), std::invalid_argument);
}

}  // namespace
}  // namespace attn
