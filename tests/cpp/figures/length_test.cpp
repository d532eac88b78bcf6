// The chapter's claims about `length`: lower memory levels lose the first word early; at
// ρ = 1.25 short sentences stay in the healthy band, long ones still fall below it, because
// tanh saturates — 「调强记忆并不能救长句」.
#include <gtest/gtest.h>

#include "core/demo_encoder.hpp"
#include "core/encoder.hpp"
#include "core/seed_claims.hpp"
#include "figures/encoder_band.hpp"
#include "figures/registry.hpp"

namespace attn {
namespace {

struct Curve {
  double rho;
  std::vector<double> norms;
  int exit_n;  // 0 = never leaves the band
};

std::vector<Curve> curves_for(int seed) {
  const Value data = compute_figure("length", {{"seed", seed}}).at("data");
  std::vector<Curve> out;
  for (const auto& c : data.at("curves").as_array()) {
    const Value& exit = c.at("exit_n");
    out.push_back({c.at("rho").as_number(), c.at("norms").as_numbers(),
                   exit.is_null() ? 0 : static_cast<int>(exit.as_number())});
  }
  return out;
}

}  // namespace

TEST(Length, HasThreeLevelsUpToRho125AndSixtyLengths) {
  const auto curves = curves_for(kDemoSeed);
  ASSERT_EQ(curves.size(), 3u);
  EXPECT_EQ(curves[2].rho, 1.25);
  for (const auto& c : curves) EXPECT_EQ(c.norms.size(), 60u);
}

TEST(Length, LowerLevelsFallOutOfTheBandEarlier) {
  for (int seed = 1; seed <= 40; ++seed) {
    const auto c = curves_for(seed);
    ASSERT_GT(c[0].exit_n, 0) << "seed " << seed;
    ASSERT_GT(c[1].exit_n, 0) << "seed " << seed;
    EXPECT_LT(c[0].exit_n, c[1].exit_n) << "seed " << seed;
    EXPECT_TRUE(c[2].exit_n == 0 || c[1].exit_n < c[2].exit_n) << "seed " << seed;
    EXPECT_LE(c[0].exit_n, 10) << "ρ = 0.5 should be gone within ten words, seed " << seed;
  }
}

TEST(Length, AtRho125ShortSentencesStayInTheBand) {
  for (int seed = 1; seed <= 40; ++seed) {
    const auto c = curves_for(seed)[2];
    for (int n = 1; n <= 20; ++n) EXPECT_TRUE(in_band(c.norms[n - 1])) << "seed " << seed << " n " << n;
  }
}

TEST(Length, StrongerMemoryDoesNotSaveLongSentences) {
  int fell_below = 0;
  for (int seed = 1; seed <= 40; ++seed) {
    const auto c = curves_for(seed)[2];
    if (c.exit_n > 0) {
      ++fell_below;
      EXPECT_LT(c.norms[c.exit_n - 1], kBandLow) << "it leaves through the bottom, seed " << seed;
    }
  }
  EXPECT_GE(fell_below, 36) << "ρ = 1.25 must lose the first word of long sentences for most seeds";
  EXPECT_GT(curves_for(kDemoSeed)[2].exit_n, 20) << "the page's default seed shows it";
}

TEST(Length, ExitIsTheFirstLengthOutsideTheBand) {
  for (const auto& c : curves_for(kDemoSeed)) {
    if (c.exit_n == 0) continue;
    EXPECT_FALSE(in_band(c.norms[c.exit_n - 1]));
    for (int n = 1; n < c.exit_n; ++n) EXPECT_TRUE(in_band(c.norms[n - 1]));
  }
}

// What the figure prepares ahead (the page, in idle time, a few seeds a call) is the spread a
// seed that breaks the claim is set against: seed 1's curve at ρ = 1.25 stays in the band up to
// n = 60.
TEST(Length, PreparesInSlicesTheSpreadASeedThatBreaksTheClaimShows) {
  ASSERT_TRUE(find_figure("length").prepare);
  int calls = 1;
  while (!prepare_figure("length")) ASSERT_LE(++calls, 100) << "prepare() never finishes";
  const Value claim = compute_figure("length", {{"seed", 1}}).at("data").at("claims").at("long_sentences_fall_out");
  ASSERT_FALSE(claim.at("holds").as_bool());
  const SeedSpread expected = first_word_exit_across_seeds(1.25, 60);
  const Value& across = claim.at("across");
  EXPECT_EQ(across.at("first_seed").as_number(), 1);
  EXPECT_EQ(across.at("last_seed").as_number(), 100);
  EXPECT_EQ(across.at("holding").as_number(), expected.holding);
  EXPECT_EQ(across.at("measured").as_number(), expected.measured);
  EXPECT_EQ(across.at("min").as_number(), expected.min);
  EXPECT_EQ(across.at("median").as_number(), expected.median);
  EXPECT_EQ(across.at("max").as_number(), expected.max);
}

// Once a seed is drawn, prepare() computes its two neighbours (an arrow key's next seed), one per
// call, and then has nothing left; the neighbour then comes from memory, equal to a fresh compute.
TEST(Length, PreparesTheNeighbouringSeedsOfTheOneDrawn) {
  for (int calls = 1; !prepare_figure("length"); ++calls) ASSERT_LE(calls, 100) << "the claim's spread";
  const Value drawn = compute_figure("length", {{"seed", 500}});
  int calls = 0;
  while (!prepare_figure("length")) ASSERT_LE(++calls, 2) << "one call per neighbour";
  EXPECT_EQ(calls, 2);
  const auto next = curves_for(501);
  ASSERT_EQ(next.size(), 3u);
  for (const auto& curve : next) {
    const DemoEncoder enc = demo_encoder(60, curve.rho, 501);  // computed afresh, not from memory
    EXPECT_EQ(curve.norms, first_word_influence(enc.W, enc.vectors)) << "rho " << curve.rho;
  }
  EXPECT_EQ(drawn.at("data").at("curves").as_array().size(), 3u);
}

}  // namespace attn
