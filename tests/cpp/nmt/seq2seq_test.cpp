// RNNenc and RNNsearch (nmt/rnn_enc, nmt/rnn_search) through what they share (nmt/seq2seq): the
// claims both must meet are one typed test; RNNsearch's step, which the decoder figure shows,
// has tests of its own below.
#include "nmt/seq2seq.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "core/rng.hpp"
#include "nmt/adam.hpp"
#include "nmt/rnn_enc.hpp"
#include "nmt/rnn_search.hpp"
#include "support/param_gradient_check.hpp"
#include "support/source_listing.hpp"

namespace attn {
namespace {

ToyPair short_pair() {
  const ToyCorpus c = make_toy_corpus({5, 20, 0, 0, 5, 8});
  return c.train[0];
}

template <class Model>
struct Seq2SeqTraits;

template <>
struct Seq2SeqTraits<RnnEnc> {
  static constexpr std::size_t kBlocks = 24;  // 2 embeddings, 2 × 9 GRU blocks, W_init, b_init, W_out, b_out
  static RnnEnc random(int sv, int tv, Rng& rng) { return random_rnn_enc(sv, tv, 3, 4, rng); }
  static double loss(RnnEnc& m, const ToyPair& p, bool backward) { return rnn_enc_loss(m, p, backward); }
  static std::vector<int> translate(const RnnEnc& m, const std::vector<int>& s, int n) { return rnn_enc_translate(m, s, n); }
};

template <>
struct Seq2SeqTraits<RnnSearch> {
  static constexpr std::size_t kBlocks = 36;  // 2 embeddings, 3 × 9 GRU blocks, W_init, b_init, W_a, U_a, v_a, W_out, b_out
  static RnnSearch random(int sv, int tv, Rng& rng) { return random_rnn_search(sv, tv, 3, 4, 3, rng); }
  static double loss(RnnSearch& m, const ToyPair& p, bool backward) { return rnn_search_loss(m, p, backward); }
  static std::vector<int> translate(const RnnSearch& m, const std::vector<int>& s, int n) {
    return rnn_search_translate(m, s, n);
  }
};

template <class Model>
Model tiny_model(Rng& rng) {
  const ToyCorpus c = make_toy_corpus({5, 1, 0, 0, 3, 8});
  Model m = Seq2SeqTraits<Model>::random(c.source_vocab.size(), c.target_vocab.size(), rng);
  m.p.visit(m.g, [&rng](const std::string&, auto& p, auto&) { p += rng.normal_matrix(p.rows(), p.cols(), 0.2); });
  return m;  // nonzero biases, so their gradients are checked at a generic point
}

// A tiny model, a pair, and the model's blocks as Adam sees them (views of p and g).
template <class Model>
class Seq2SeqModels : public ::testing::Test {
 protected:
  using Traits = Seq2SeqTraits<Model>;
  Rng rng{21};
  Model m = tiny_model<Model>(rng);
  ToyPair pair = short_pair();
  ParamList params = param_list(m);

  double loss(bool backward) { return Traits::loss(m, pair, backward); }
};
using Models = ::testing::Types<RnnEnc, RnnSearch>;
TYPED_TEST_SUITE(Seq2SeqModels, Models);

TYPED_TEST(Seq2SeqModels, LossGradientMatchesCentralDifferencesForEveryBlock) {
  zero_grads(this->params);
  this->loss(true);
  EXPECT_EQ(this->params.size(), TestFixture::Traits::kBlocks);
  testing::expect_gradients_match_central_differences(this->params, [this] { return this->loss(false); }, this->rng);
}

TYPED_TEST(Seq2SeqModels, GradientAccumulatesOverPairs) {
  zero_grads(this->params);
  this->loss(true);
  const Eigen::VectorXd once = this->params.back().grad;
  this->loss(true);
  EXPECT_LT((this->params.back().grad - 2 * once).norm(), 1e-12);
}

TYPED_TEST(Seq2SeqModels, AFreshModelHasAZeroGradientOfItsOwnShape) {
  this->m.visit([](const std::string& name, auto& p, auto& g) {
    EXPECT_EQ(g.rows(), p.rows()) << name;
    EXPECT_EQ(g.cols(), p.cols()) << name;
    EXPECT_EQ(g.squaredNorm(), 0.0) << name;
  });
}

TYPED_TEST(Seq2SeqModels, GreedyTranslationStopsAtMaxLength) {
  this->m.p.b_out(kEos) = -100;  // never ends by itself
  EXPECT_EQ(TestFixture::Traits::translate(this->m, this->pair.source, 7).size(), 7u);
  EXPECT_THROW(TestFixture::Traits::translate(this->m, {}, 5), std::invalid_argument);
}

TEST(RnnSearch, AlignmentRowsAreDistributionsOverTheSource) {
  Rng rng(24);
  RnnSearch m = tiny_model<RnnSearch>(rng);
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
TEST(RnnSearch, TheStepTheFigureShowsGivesTheTrainingLoss) {
  Rng rng(25);
  RnnSearch m = tiny_model<RnnSearch>(rng);
  const ToyPair pair = short_pair();
  const RnnSearchMemory memory = rnn_search_memory(m, pair.source);
  Eigen::VectorXd s = memory.s0;
  double loss = 0;
  for (std::size_t i = 0; i <= pair.target.size(); ++i) {
    const RnnSearchStep step = rnn_search_step(m, memory, previous_word(pair, i), s);
    EXPECT_NEAR(step.alpha.sum(), 1.0, 1e-12);
    EXPECT_NEAR(step.probs.sum(), 1.0, 1e-12);
    loss -= std::log(step.probs(wanted_word(pair, i)));
    s = step.state();
  }
  EXPECT_NEAR(loss, rnn_search_loss(m, pair, false), 1e-10 * std::abs(loss));
}

TEST(RnnSearch, StepRejectsAWordOrStateOrMemoryOfAnotherShape) {
  Rng rng(26);
  const RnnSearch m = tiny_model<RnnSearch>(rng);
  const RnnSearchMemory memory = rnn_search_memory(m, short_pair().source);
  EXPECT_THROW(rnn_search_step(m, memory, -1, memory.s0), std::invalid_argument);
  EXPECT_THROW(rnn_search_step(m, memory, static_cast<int>(m.p.emb_tgt.cols()), memory.s0), std::invalid_argument);
  EXPECT_THROW(rnn_search_step(m, memory, kBos, Eigen::VectorXd::Zero(m.hidden() + 1)), std::invalid_argument);
  RnnSearchMemory other = memory;
  other.UH = other.UH.topRows(1);
  EXPECT_THROW(rnn_search_step(m, other, kBos, memory.s0), std::invalid_argument);
}

// The page shows rnn_search_step cut at its markers and lit by its tags: the markers must enclose
// the function, the tags be the stages rnn_search_step_lines() reports, in Bahdanau's order.
TEST(RnnSearch, MarkersEncloseTheStepAndItsLineTagsAreTheStagesInOrder) {
  const testing::Listing listing = testing::read_listing("cpp/nmt/rnn_search.cpp", "rnnsearch-step");
  ASSERT_GE(listing.begin, 0);
  ASSERT_GT(listing.end, listing.begin + 1);
  EXPECT_EQ(listing.lines[listing.begin + 1].rfind("RnnSearchStep rnn_search_step(const RnnSearch& m", 0), 0u);
  EXPECT_EQ(listing.lines[listing.end - 1], "}");
  EXPECT_EQ(listing.tags, rnn_search_step_lines());
  EXPECT_EQ(rnn_search_step_lines(), (std::vector<std::string>{"scores", "softmax", "context", "embed", "gru", "output"}));
}

}  // namespace
}  // namespace attn
