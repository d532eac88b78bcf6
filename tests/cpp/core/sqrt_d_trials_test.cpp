#include "core/sqrt_d_trials.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "core/checks.hpp"

namespace attn {
namespace {

// Means over seeds 1…seeds of the five-trial means (the figure's left-hand numbers).
SqrtDSummary average_over_seeds(int d, int seeds) {
  SqrtDSummary avg;
  for (int seed = 1; seed <= seeds; ++seed) {
    const SqrtDSummary s = sqrt_d_trials(d, seed);
    avg.raw_entropy_mean += s.raw_entropy_mean / seeds;
    avg.raw_range_mean += s.raw_range_mean / seeds;
    avg.scaled_entropy_mean += s.scaled_entropy_mean / seeds;
    avg.scaled_range_mean += s.scaled_range_mean / seeds;
  }
  return avg;
}

}  // namespace

TEST(SqrtDTrials, RawEntropyBelow02AndScaledAbove1AtD512Over200Seeds) {
  const SqrtDSummary avg = average_over_seeds(512, 200);
  EXPECT_LT(avg.raw_entropy_mean, 0.2);
  EXPECT_GT(avg.scaled_entropy_mean, 1.0);
}

TEST(SqrtDTrials, RawEntropyFallsAsDGrowsWhileScaledStaysAbove1) {
  double previous_raw = std::numeric_limits<double>::infinity();
  for (int d : {8, 16, 32, 64, 128, 256, 512}) {
    const SqrtDSummary avg = average_over_seeds(d, 200);
    EXPECT_LT(avg.raw_entropy_mean, previous_raw) << "d = " << d;
    EXPECT_GT(avg.scaled_entropy_mean, 1.0) << "d = " << d;
    previous_raw = avg.raw_entropy_mean;
  }
}

// The raw score s·h_j is a sum of d independent products, variance d: its spread, and so the
// range of five of them, grows like √d. Least-squares fit of ln(mean range) = a + b·ln d over
// d = 8, 16, …, 512 (doubling), each mean over 100 seeds × 5 trials: b must be 0.5 ± 0.1.
TEST(SqrtDTrials, RawRangeGrowsLikeSqrtDLogLogSlopeHalf) {
  std::vector<double> x, y;
  for (int d = 8; d <= 512; d *= 2) {
    x.push_back(std::log(static_cast<double>(d)));
    y.push_back(std::log(average_over_seeds(d, 100).raw_range_mean));
  }
  const double n = static_cast<double>(x.size());
  double mx = 0, my = 0;
  for (size_t k = 0; k < x.size(); ++k) mx += x[k] / n, my += y[k] / n;
  double sxy = 0, sxx = 0;
  for (size_t k = 0; k < x.size(); ++k) sxy += (x[k] - mx) * (y[k] - my), sxx += (x[k] - mx) * (x[k] - mx);
  const double slope = sxy / sxx;
  EXPECT_NEAR(slope, 0.5, 0.1);
}

TEST(SqrtDTrials, ScaledScoresAreRawOverSqrtDAndEachAlphaSumsToOne) {
  const SqrtDTrial t = sqrt_d_trial(100, 5, 77);
  ASSERT_EQ(t.raw.scores.size(), 5);
  EXPECT_LT((t.scaled.scores - t.raw.scores / 10.0).cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_NEAR(t.raw.alpha.sum(), 1.0, 1e-12);
  EXPECT_NEAR(t.scaled.alpha.sum(), 1.0, 1e-12);
  EXPECT_NEAR(t.scaled.range, t.raw.range / 10.0, 1e-12);
}

TEST(SqrtDTrials, TypicalTrialHasRawEntropyClosestToTheMean) {
  for (int seed = 1; seed <= 50; ++seed) {
    const SqrtDSummary s = sqrt_d_trials(64, seed);
    const double gap = std::abs(s.trials[s.typical].raw.entropy - s.raw_entropy_mean);
    for (const auto& t : s.trials) EXPECT_LE(gap, std::abs(t.raw.entropy - s.raw_entropy_mean));
  }
}

TEST(SqrtDTrials, SameSeedSameTrialsAndTrialTDoesNotDependOnTrialCount) {
  const SqrtDSummary a = sqrt_d_trials(32, 9, 5), b = sqrt_d_trials(32, 9, 3), c = sqrt_d_trials(32, 10, 5);
  for (int t = 0; t < 3; ++t) EXPECT_EQ(a.trials[t].raw.scores, b.trials[t].raw.scores);
  EXPECT_NE(a.trials[0].raw.scores, c.trials[0].raw.scores);
}

TEST(SqrtDTrials, RejectsDBelowOneAndZeroTrials) {
  EXPECT_THROW(sqrt_d_trials(0, 1), InvalidInput);
  EXPECT_THROW(sqrt_d_trials(8, 1, 0), InvalidInput);
}

}  // namespace attn
