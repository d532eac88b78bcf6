// The chapter's seed-dependent claims over seeds 1–100: how often each holds, and that the
// numbers the figures show at one seed are the ones measured here.
#include <gtest/gtest.h>

#include <cmath>

#include "core/additive_fit.hpp"
#include "core/checks.hpp"
#include "core/concepts.hpp"
#include "core/healthy_band.hpp"
#include "core/seed_claims.hpp"
#include "core/softmax.hpp"
#include "core/sqrt_d_trials.hpp"
#include "figures/registry.hpp"

namespace attn {

TEST(SeedSpread, SummarisesMeasuredSeedsAndCountsWhereTheClaimHolds) {
  // Seeds 1…5 measure 5, 4, none, 2, 1: the missing one is left out of min, max and median.
  const SeedSpread s = seed_spread(
      1, 5, [](std::uint64_t seed) { return seed == 3 ? std::nullopt : std::optional<double>(6.0 - seed); },
      [](std::optional<double> x) { return x && *x >= 2; });
  EXPECT_EQ(s.seeds(), 5);
  EXPECT_EQ(s.measured, 4);
  EXPECT_EQ(s.min, 1.0);
  EXPECT_EQ(s.max, 5.0);
  EXPECT_EQ(s.median, 3.0);  // (2 + 4) / 2
  EXPECT_EQ(s.holding, 3);
  EXPECT_THROW(seed_spread(0, 5, {}, {}), InvalidInput);
  EXPECT_THROW(seed_spread(6, 5, {}, {}), InvalidInput);
}

TEST(SeedSpread, MeasuredInSlicesItIsTheSameSpreadAndEachSliceTakesItsSeeds) {
  int calls = 0;
  const SeedMeasure measure = [&](std::uint64_t seed) {
    ++calls;
    return seed == 3 ? std::nullopt : std::optional<double>(6.0 - seed);
  };
  const ClaimTest holds = [](std::optional<double> x) { return x && *x >= 2; };
  SeedSpreadInSlices slices(1, 5, measure, holds);
  EXPECT_FALSE(slices.measure(2));
  EXPECT_EQ(calls, 2);
  EXPECT_TRUE(slices.measure(3));
  EXPECT_EQ(calls, 5);
  EXPECT_TRUE(slices.measure(3));  // nothing left: no seed measured twice
  EXPECT_EQ(calls, 5);
  const SeedSpread s = slices.spread();
  EXPECT_EQ(calls, 5);
  EXPECT_EQ(s.measured, 4);
  EXPECT_EQ(s.min, 1.0);
  EXPECT_EQ(s.max, 5.0);
  EXPECT_EQ(s.median, 3.0);
  EXPECT_EQ(s.holding, 3);
  EXPECT_EQ(&slices.spread(), &slices.spread());  // kept: asked again, nothing is measured again
  EXPECT_EQ(calls, 5);
  // spread() measures what a slice left.
  SeedSpreadInSlices partly(1, 5, measure, holds);
  partly.measure(1);
  EXPECT_EQ(partly.spread().holding, 3);
  EXPECT_EQ(calls, 10);
}

TEST(SeedClaims, TvIsAboutHalfAtStep0ForMostSeedsButNotAll) {
  for (int pair : {0, 1}) {
    const SeedSpread s = initial_tv_across_seeds(pair);
    EXPECT_EQ(s.measured, 100);
    EXPECT_NEAR(s.median, 0.5, 0.05) << "pair " << pair;  // 「0.5 左右」 is the typical seed
    EXPECT_GE(s.holding, 70) << "pair " << pair;
    EXPECT_LT(s.holding, 100) << "pair " << pair << ": some seeds break it, and the figure must say so";
    EXPECT_LT(s.min, kAboutHalfLow);
  }
}

TEST(SeedClaims, InitialTvIsTheScorersFiguresStep0Tv) {
  for (int seed : {1, 6, 36}) {
    const Value data = compute_figure("scorers", {{"pair", 0}, {"seed", seed}}).at("data");
    EXPECT_EQ(initial_tv(0, static_cast<std::uint64_t>(seed)), data.at("tv").as_numbers().front()) << seed;
  }
  EXPECT_THROW(initial_tv_across_seeds(2), InvalidInput);
}

TEST(SeedClaims, TvFallsBelow005By500AndYesterdayBendsAtEverySeed) {
  // 「掉到 0.05 以下就基本学会了」 by step 500, and the trained additive map picks the dot map's
  // word in every row (昨天 for yesterday): no seed of 1–100 breaks these, so no note is needed.
  for (int pair : {0, 1}) {
    const SentencePair& words = sentence_pair(pair);
    const Eigen::MatrixXd S = concept_matrix(words.tgt), H = concept_matrix(words.src);
    const Eigen::MatrixXd dot_map = softmax_rows(S * H.transpose());
    for (int seed = 1; seed <= 100; ++seed) {
      FitSettings settings;
      settings.seed = static_cast<std::uint64_t>(seed);
      const FitTrajectory fit = fit_additive(dot_map, S, H, settings);
      EXPECT_LT(fit.tv.back(), 0.05) << "pair " << pair << " seed " << seed;
      for (Eigen::Index i = 0; i < dot_map.rows(); ++i) {
        Eigen::Index want = 0, got = 0;
        dot_map.row(i).maxCoeff(&want);
        fit.maps.back().row(i).maxCoeff(&got);
        EXPECT_EQ(got, want) << "pair " << pair << " seed " << seed << " row " << i;
      }
    }
  }
}

TEST(SeedClaims, ScaledEntropyStaysAboveOneForAllButAFewSeeds) {
  for (int d : {8, 64, 512}) {
    const SeedSpread s = scaled_entropy_across_seeds(d);
    EXPECT_GE(s.holding, 98) << "d = " << d;
    EXPECT_GT(s.median, 1.2) << "d = " << d;
  }
  // Seed 79 is one that breaks it: at d = 512 its scaled mean entropy is just under 1.
  EXPECT_LT(scaled_mean_entropy(512, 79), 1.0);
  EXPECT_GT(scaled_mean_entropy(512, 79), 0.99);
  EXPECT_EQ(scaled_entropy_across_seeds(512).holding, 99);
}

TEST(SeedClaims, RawEntropyFallsAndRawRangeGrowsFrom8To512AtEverySeed) {
  // 「原始点积掉向 0」 and 「原始点积的极差随 d 一起变大」 are trends no seed of 1–100 breaks (the
  // raw mean entropy at d = 512 is below 0.47 at every one, below 0.2 at most).
  int below_02 = 0;
  for (int seed = 1; seed <= 100; ++seed) {
    const SqrtDSummary small = sqrt_d_trials(8, static_cast<std::uint64_t>(seed));
    const SqrtDSummary large = sqrt_d_trials(512, static_cast<std::uint64_t>(seed));
    EXPECT_LT(large.raw_entropy_mean, small.raw_entropy_mean) << "seed " << seed;
    EXPECT_LT(large.raw_entropy_mean, 0.47) << "seed " << seed;
    EXPECT_GT(large.raw_range_mean, 3 * small.raw_range_mean) << "seed " << seed;
    below_02 += large.raw_entropy_mean < 0.2;
  }
  EXPECT_GE(below_02, 85);
}

TEST(SeedClaims, LongSentencesLoseTheFirstWordAtRho125ForMostSeeds) {
  const SeedSpread s = first_word_exit_across_seeds(1.25, 60);
  EXPECT_GE(s.holding, 94);
  EXPECT_LT(s.holding, 100) << "a few seeds keep the first word: the figure must say so";
  EXPECT_EQ(s.measured, s.holding);
  EXPECT_GT(s.min, 20) << "short sentences stay in the band at every seed";
  EXPECT_FALSE(first_word_exit(1.25, 60, 1).has_value()) << "seed 1 is one that keeps it";
}

TEST(SeedClaims, FirstWordExitIsWhereTheLengthFigureMarksIt) {
  for (int seed : {1, 8, 35}) {
    const Value data = compute_figure("length", {{"seed", seed}}).at("data");
    for (const Value& curve : data.at("curves").as_array()) {
      const auto exit = first_word_exit(curve.at("rho").as_number(), 60, static_cast<std::uint64_t>(seed));
      const Value& marked = curve.at("exit_n");
      if (exit) EXPECT_EQ(marked.as_number(), *exit) << seed;
      else EXPECT_TRUE(marked.is_null()) << seed;
    }
  }
}

TEST(SeedClaims, TheDefaultFiveWordsAllStayInTheBandAtSeeds1To100) {
  // The funnel's caption: 「默认这句只有 5 个词，个个都还在灰色带里」 (n = 5, ρ = 1.0), every seed.
  for (int seed = 1; seed <= 100; ++seed) {
    const Value data = compute_figure("funnel", {{"seed", seed}}).at("data");
    ASSERT_EQ(data.at("norms").as_numbers().size(), 5u);
    for (double norm : data.at("norms").as_numbers()) EXPECT_TRUE(in_band(norm)) << "seed " << seed << ": " << norm;
  }
}

TEST(SeedClaims, AFiftyWordSentenceLosesItsFirstWordAtRho1AtSeeds1To1000) {
  // The funnel's caption: drag the sentence to 50 words (ρ = 1.0, the default) and the first
  // words fall out of the band. Seeds 1–1000 here; all 9999 the figure offers were checked once
  // the same way: the first word leaves the band by n = 29 at every one.
  const SeedSpread s = first_word_exit_across_seeds(1.0, 50, 1, 1000);
  EXPECT_EQ(s.holding, 1000);
  EXPECT_LE(s.max, 40);
}

}  // namespace attn
