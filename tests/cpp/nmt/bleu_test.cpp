#include "nmt/bleu.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace attn {
namespace {

TEST(Bleu, IdenticalCorpusScoresOne) {
  const std::vector<Tokens> refs{{1, 2, 3, 4, 5}, {6, 7, 8, 9}};
  EXPECT_DOUBLE_EQ(corpus_bleu(refs, refs).bleu, 1.0);
  EXPECT_DOUBLE_EQ(exact_match(refs, refs), 1.0);
}

TEST(Bleu, NoOverlapScoresZero) {
  const BleuScore s = corpus_bleu({{1, 2, 3, 4}}, {{5, 6, 7, 8}});
  EXPECT_EQ(s.bleu, 0.0);
  EXPECT_EQ(s.precision[0], 0.0);
  EXPECT_EQ(corpus_bleu({{}}, {{1, 2}}).bleu, 0.0);  // nothing written
}

// Hypothesis = the first half of the reference: every p_n = 1, c = 4, r = 8 → BP = e^(1 − 2) = 1/e.
TEST(Bleu, ShortHypothesisPaysTheBrevityPenalty) {
  const BleuScore s = corpus_bleu({{1, 2, 3, 4}}, {{1, 2, 3, 4, 5, 6, 7, 8}});
  EXPECT_NEAR(s.brevity_penalty, std::exp(-1.0), 1e-15);
  EXPECT_NEAR(s.bleu, std::exp(-1.0), 1e-15);
}

// One wrong last word of five: p = 4/5, 3/4, 2/3, 1/2, BP = 1 → BLEU = (0.2)^¼ = 0.668740…
TEST(Bleu, OneWrongWordMatchesHandComputedPrecisions) {
  const BleuScore s = corpus_bleu({{1, 2, 3, 4, 5}}, {{1, 2, 3, 4, 6}});
  EXPECT_DOUBLE_EQ(s.precision[0], 0.8);
  EXPECT_DOUBLE_EQ(s.precision[3], 0.5);
  EXPECT_NEAR(s.bleu, 0.668740304976422, 1e-12);
}

TEST(Bleu, RepeatedWordsAreClippedByTheReference) {
  const BleuScore s = corpus_bleu({{7, 7, 7, 7}}, {{7, 8}});
  EXPECT_DOUBLE_EQ(s.precision[0], 0.25);
}

TEST(Bleu, BucketsSplitBySourceLength) {
  const std::vector<Tokens> refs{{1, 2, 3, 4}, {1, 2, 3, 4}, {5, 6, 7, 8}};
  const std::vector<Tokens> hyps{{1, 2, 3, 4}, {1, 2, 3, 4}, {9, 9, 9, 9}};
  const auto buckets = bleu_by_length(hyps, refs, {3, 5, 12}, {0, 10, 20, 30});
  ASSERT_EQ(buckets.size(), 3u);
  EXPECT_EQ(buckets[0].count, 2);
  EXPECT_DOUBLE_EQ(buckets[0].bleu, 1.0);
  EXPECT_DOUBLE_EQ(buckets[0].exact, 1.0);
  EXPECT_EQ(buckets[1].count, 1);
  EXPECT_EQ(buckets[1].bleu, 0.0);
  EXPECT_EQ(buckets[2].count, 0);
  EXPECT_EQ(buckets[1].lo, 10);
  EXPECT_EQ(buckets[1].hi, 19);
}

}  // namespace
}  // namespace attn
