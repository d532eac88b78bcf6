#include "core/additive_fit.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <iostream>
#include <limits>

#include "core/checks.hpp"
#include "core/concepts.hpp"
#include "core/measures.hpp"
#include "core/softmax.hpp"

namespace attn {
namespace {

struct Example {
  Eigen::MatrixXd S, H, dot_map;
};

Example example(int pair_index) {
  const SentencePair& pair = sentence_pair(pair_index);
  Example ex{concept_matrix(pair.tgt), concept_matrix(pair.src), {}};
  ex.dot_map = softmax_rows(ex.S * ex.H.transpose());
  return ex;
}

FitTrajectory fit_example(int pair_index, std::uint64_t seed) {
  const Example ex = example(pair_index);
  FitSettings settings;
  settings.seed = seed;
  return fit_additive(ex.dot_map, ex.S, ex.H, settings);
}

}  // namespace

TEST(AdditiveFit, CrossEntropyGradientMatchesCentralDifferences) {
  Rng rng(21);
  const Eigen::MatrixXd E = rng.normal_matrix(3, 4);
  Eigen::MatrixXd Q = rng.normal_matrix(3, 4).array().exp().matrix();
  Q.row(1) *= 2.0;  // a row that is not normalised: the general form p·Σq − q must hold
  const Eigen::MatrixXd g = cross_entropy_to_target_backward(E, Q);
  const double h = 1e-5;
  Eigen::MatrixXd fd(3, 4);
  for (Eigen::Index k = 0; k < E.size(); ++k) {
    Eigen::MatrixXd up = E, down = E;
    up(k) += h;
    down(k) -= h;
    fd(k) = (cross_entropy_to_target(up, Q) - cross_entropy_to_target(down, Q)) / (2 * h);
  }
  EXPECT_LT((g - fd).norm() / g.norm(), 1e-6);  // relative, normwise
}

TEST(AdditiveFit, CrossEntropyIsTheTargetEntropyAtTheTargetAndFiniteWhenPUnderflows) {
  Eigen::MatrixXd Q(1, 3);
  Q << 0.5, 0.3, 0.2;
  const Eigen::MatrixXd at_target = Q.array().log().matrix();  // softmax(ln q) = q
  EXPECT_NEAR(cross_entropy_to_target(at_target, Q), entropy(Q.row(0).transpose()), 1e-14);
  Eigen::MatrixXd far(1, 3);
  far << 2000.0, 0.0, -2000.0;  // p of the last two underflows to 0
  const double loss = cross_entropy_to_target(far, Q);
  EXPECT_TRUE(std::isfinite(loss));
  EXPECT_NEAR(loss, 0.3 * 2000.0 + 0.2 * 4000.0, 1e-9);
}

TEST(AdditiveFit, TrajectoryHasEveryStepAndIsDeterministicForASeed) {
  const FitTrajectory a = fit_example(kReorderedPair, 5), b = fit_example(kReorderedPair, 5);
  ASSERT_EQ(a.loss.size(), 501u);
  ASSERT_EQ(a.tv.size(), 501u);
  ASSERT_EQ(a.maps.size(), 501u);
  EXPECT_EQ(a.loss, b.loss);
  EXPECT_EQ(a.tv, b.tv);
  EXPECT_NE(a.tv, fit_example(kReorderedPair, 6).tv);
  const Example ex = example(kReorderedPair);
  for (size_t t : {0u, 137u, 500u}) {
    EXPECT_NEAR(a.maps[t].rowwise().sum().maxCoeff(), 1.0, 1e-12);
    EXPECT_DOUBLE_EQ(a.tv[t], tv_distance(a.maps[t], ex.dot_map));
  }
  EXPECT_EQ(a.parameter_count, 136);
}

TEST(AdditiveFit, StepMapsGiveBackEachMapAndACopyKeepsItsOwn) {
  StepMaps maps;
  maps.reset(3, 2, 3);
  Eigen::MatrixXd m(2, 3);
  m << 1, 2, 3, 4, 5, 6;
  maps.push_back(m);
  maps.push_back(2 * m);
  ASSERT_EQ(maps.size(), 2u);
  EXPECT_EQ(Eigen::MatrixXd(maps[0]), m);
  EXPECT_EQ(Eigen::MatrixXd(maps.back()), 2 * m);
  StepMaps copy = maps;  // a cached trajectory may be copied: its maps must not point into another's
  maps.push_back(3 * m);
  maps.reset(3, 2, 3);
  maps.push_back(-m);
  EXPECT_EQ(copy.size(), 2u);
  EXPECT_EQ(Eigen::MatrixXd(copy[0]), m);
  EXPECT_EQ(Eigen::MatrixXd(copy[1]), 2 * m);
}

TEST(AdditiveFit, TheFiguresFixedSizesGiveWhatDynamicSizesGive) {
  // fit_additive runs the figure's shapes on matrices of fixed size; every number of the
  // trajectory must be what the same fit on dynamic sizes gives (to rounding), for both pairs
  // and seeds across the slider's range.
  for (int pair : {kSameOrderPair, kReorderedPair}) {
    const Example ex = example(pair);
    ASSERT_TRUE(fit_runs_on_fixed_sizes(ex.S, ex.H)) << "pair " << pair;
    for (std::uint64_t seed : {1u, 3u, 77u, 500u, 999u}) {
      FitSettings settings;
      settings.seed = seed;
      const FitTrajectory fixed = fit_additive(ex.dot_map, ex.S, ex.H, settings);
      const FitTrajectory dynamic = fit_additive_on_dynamic_sizes(ex.dot_map, ex.S, ex.H, settings);
      ASSERT_EQ(fixed.maps.size(), dynamic.maps.size());
      for (size_t t = 0; t < fixed.maps.size(); ++t) {
        ASSERT_LT((fixed.maps[t] - dynamic.maps[t]).cwiseAbs().maxCoeff(), 1e-13)
            << "pair " << pair << ", seed " << seed << ", step " << t;
        ASSERT_NEAR(fixed.loss[t], dynamic.loss[t], 1e-13);
        ASSERT_NEAR(fixed.tv[t], dynamic.tv[t], 1e-13);
      }
      EXPECT_LT((fixed.scorer.W1 - dynamic.scorer.W1).cwiseAbs().maxCoeff(), 1e-12);
      EXPECT_LT((fixed.scorer.W2 - dynamic.scorer.W2).cwiseAbs().maxCoeff(), 1e-12);
      EXPECT_LT((fixed.scorer.v - dynamic.scorer.v).cwiseAbs().maxCoeff(), 1e-12);
      EXPECT_EQ(fixed.parameter_count, dynamic.parameter_count);
    }
  }
  // Any other shape, or another attn_dim, runs on dynamic sizes.
  const Example ex = example(kSameOrderPair);
  FitSettings wider;
  wider.attn_dim = 9;
  EXPECT_FALSE(fit_runs_on_fixed_sizes(ex.S, ex.H, wider));
  EXPECT_FALSE(fit_runs_on_fixed_sizes(ex.S.topRows(4), ex.H));
  EXPECT_FALSE(fit_runs_on_fixed_sizes(ex.S, ex.H.leftCols(7)));
}

TEST(AdditiveFit, TvAboutHalfAtStep0AndBelow005AtStep500ForBothPairs) {
  // The chapter: 「TV 从 0.5 左右掉下去」, 「掉到 0.05 以下就基本学会了」 — default seed.
  for (int pair : {kSameOrderPair, kReorderedPair}) {
    const FitTrajectory fit = fit_example(pair, FitSettings{}.seed);
    EXPECT_GE(fit.tv.front(), 0.35) << "pair " << pair;
    EXPECT_LE(fit.tv.front(), 0.65) << "pair " << pair;
    EXPECT_LT(fit.tv.back(), 0.05) << "pair " << pair;
    EXPECT_LT(fit.loss.back(), fit.loss.front()) << "pair " << pair;
  }
}

TEST(AdditiveFit, TheClaimHoldsAcrossSeedsNotOnlyTheDefault) {
  // Seeds 1–60 of both pairs: every one learns (TV < 0.05 by step 500); the start is "about
  // 0.5" on average, and inside 0.35–0.65 for most seeds (the start is random: ~81% of all 999).
  for (int pair : {kSameOrderPair, kReorderedPair}) {
    const int seeds = 60;
    int learned = 0, start_in_band = 0;
    double start_sum = 0.0;
    for (int seed = 1; seed <= seeds; ++seed) {
      const FitTrajectory fit = fit_example(pair, static_cast<std::uint64_t>(seed));
      learned += fit.tv.back() < 0.05;
      start_in_band += fit.tv.front() >= 0.35 && fit.tv.front() <= 0.65;
      start_sum += fit.tv.front();
    }
    std::cout << "[ pair " << pair << " ] learned " << learned << "/" << seeds << ", start in "
              << "0.35–0.65: " << start_in_band << "/" << seeds << ", mean start TV "
              << start_sum / seeds << "\n";
    EXPECT_EQ(learned, seeds);
    EXPECT_GE(start_in_band, seeds * 7 / 10);
    EXPECT_NEAR(start_sum / seeds, 0.5, 0.07);
  }
}

TEST(AdditiveFit, BadInputIsRejected) {
  const Example ex = example(kSameOrderPair);
  FitSettings settings;
  settings.learning_rate = 0.0;
  EXPECT_THROW(fit_additive(ex.dot_map, ex.S, ex.H, settings), InvalidInput);
  EXPECT_THROW(fit_additive(ex.dot_map.topRows(3), ex.S, ex.H), InvalidInput);
  Eigen::MatrixXd negative = ex.dot_map;
  negative(0, 0) = -0.1;
  EXPECT_THROW(fit_additive(negative, ex.S, ex.H), InvalidInput);
}

// Found by libFuzzer: a target row [1e308, 0] is finite and non-negative, yet its loss overflowed
// to inf. The fit reads rows as alignments, so a row that is not a distribution is refused.
TEST(AdditiveFit, RejectsTargetRowsThatAreNotDistributions) {
  const Example ex = example(kSameOrderPair);
  Eigen::MatrixXd huge = ex.dot_map;
  huge.row(0).setZero();
  huge(0, 0) = 1e308;
  EXPECT_THROW(fit_additive(huge, ex.S, ex.H), InvalidInput);
  Eigen::MatrixXd half = ex.dot_map;
  half.row(2) *= 0.5;
  EXPECT_THROW(fit_additive(half, ex.S, ex.H), InvalidInput);
  EXPECT_NO_THROW(fit_additive(ex.dot_map, ex.S, ex.H));
}

}  // namespace attn

namespace attn {

TEST(AdditiveFit, RejectsInitScalesThatWouldMakeEveryNumberNaN) {
  const Example ex = example(kReorderedPair);
  for (const double bad : {std::nan(""), std::numeric_limits<double>::infinity(), 1e308, -1.0}) {
    FitSettings w_bad, v_bad;
    w_bad.w_stddev = bad;
    v_bad.v_stddev = bad;
    EXPECT_THROW(fit_additive(ex.dot_map, ex.S, ex.H, w_bad), InvalidInput) << bad;
    EXPECT_THROW(fit_additive(ex.dot_map, ex.S, ex.H, v_bad), InvalidInput) << bad;
  }
}

}  // namespace attn
