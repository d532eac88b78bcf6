#include "core/decoder_step.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "core/checks.hpp"
#include "core/decoder_example.hpp"
#include "core/rng.hpp"
#include "support/source_listing.hpp"

namespace attn {
namespace {

Eigen::VectorXd random_state(std::uint64_t seed) {
  Rng rng(seed);
  return rng.normal_vector(DecoderExample::kHidden, 0.5).array().tanh().matrix();
}

}  // namespace

TEST(DecoderStep, AlphaAndWordProbabilitiesEachSumToOne) {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const DecoderExample ex = decoder_example(seed);
    for (int word = 0; word < static_cast<int>(ex.vocab.size()); ++word) {
      const DecoderStep s = decoder_step(ex.weights, word, random_state(seed + 100), ex.memories);
      ASSERT_EQ(s.alpha.size(), 5);
      EXPECT_NEAR(s.alpha.sum(), 1.0, 1e-12);
      EXPECT_GT(s.alpha.minCoeff(), 0.0);
      ASSERT_EQ(s.probs.size(), static_cast<Eigen::Index>(ex.vocab.size()));
      EXPECT_NEAR(s.probs.sum(), 1.0, 1e-12);
    }
  }
}

// Every intermediate recomputed from its formula, one source word / one vocabulary word at a time.
TEST(DecoderStep, EachStageFollowsItsFormula) {
  const DecoderExample ex = decoder_example(4);
  const Eigen::VectorXd prev = random_state(5);
  const DecoderStep s = decoder_step(ex.weights, 3, prev, ex.memories);
  EXPECT_EQ(s.state, gru_cell(ex.weights.cell, ex.weights.embedding.row(3).transpose(), prev));
  const int n = static_cast<int>(ex.memories.rows()), d = DecoderExample::kHidden;
  Eigen::VectorXd c = Eigen::VectorXd::Zero(d);
  double z = 0;
  for (int j = 0; j < n; ++j) z += std::exp(s.state.dot(ex.memories.row(j)) / std::sqrt(d));
  for (int j = 0; j < n; ++j) {
    const double e = s.state.dot(ex.memories.row(j)) / std::sqrt(d);
    EXPECT_NEAR(s.scores(j), e, 1e-12);
    EXPECT_NEAR(s.alpha(j), std::exp(e) / z, 1e-12);
    c += s.alpha(j) * ex.memories.row(j).transpose();
  }
  EXPECT_LT((s.context - c).cwiseAbs().maxCoeff(), 1e-12);
  Eigen::VectorXd logits = ex.weights.out_bias;
  for (int k = 0; k < d; ++k) logits += ex.weights.out_weight.col(k) * s.state(k) + ex.weights.out_weight.col(d + k) * c(k);
  const Eigen::VectorXd p = logits.array().exp() / logits.array().exp().sum();
  EXPECT_LT((s.probs - p).cwiseAbs().maxCoeff(), 1e-12);
}

TEST(DecoderStep, RejectsWordOutsideVocabularyAndMismatchedMemories) {
  const DecoderExample ex = decoder_example(1);
  const Eigen::VectorXd prev = random_state(2);
  EXPECT_THROW(decoder_step(ex.weights, -1, prev, ex.memories), InvalidInput);
  EXPECT_THROW(decoder_step(ex.weights, static_cast<int>(ex.vocab.size()), prev, ex.memories), InvalidInput);
  EXPECT_THROW(decoder_step(ex.weights, 0, prev, Eigen::MatrixXd::Zero(5, 3)), InvalidInput);
  EXPECT_THROW(decoder_step(ex.weights, 0, prev, Eigen::MatrixXd::Zero(0, DecoderExample::kHidden)), InvalidInput);
}

// The page shows the text between the markers of the file compiled into this test binary, and
// highlights it by the [line:NAME] tags: the markers must enclose decoder_step() itself, and the
// tags must be exactly the stages decoder_step_lines() reports, in order.
TEST(DecoderStep, MarkersEncloseTheFunctionAndItsLineTagsAreTheStagesInOrder) {
  const testing::Listing listing = testing::read_listing("cpp/core/decoder_step.cpp", "decoder-step");
  ASSERT_FALSE(listing.lines.empty()) << "cannot read cpp/core/decoder_step.cpp under " << testing::repo_root();
  ASSERT_GE(listing.begin, 0);
  ASSERT_GT(listing.end, listing.begin + 1);
  EXPECT_EQ(listing.lines[listing.begin + 1].rfind("DecoderStep decoder_step(const DecoderWeights& w", 0), 0u);
  EXPECT_EQ(listing.lines[listing.end - 1], "}");
  EXPECT_EQ(listing.tags, decoder_step_lines());
}

}  // namespace attn
