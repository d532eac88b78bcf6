#include <gtest/gtest.h>

#include <cmath>

#include "core/checks.hpp"
#include "core/concepts.hpp"
#include "figures/registry.hpp"

namespace attn {
namespace {

Value three_steps(double d) { return compute_figure("three-steps", {{"d", d}}).at("data"); }

double largest(const std::vector<double>& xs) { return *std::max_element(xs.begin(), xs.end()); }

double round2(double x) { return std::round(x * 100.0) / 100.0; }

}  // namespace

TEST(ThreeSteps, LargestScoreIs016AtD64And131AtD1) {
  // 「最大的数会从 0.16 涨到 1.31」 — as the reader sees it, to two decimals.
  EXPECT_EQ(round2(largest(three_steps(64).at("e").as_numbers())), 0.16);
  EXPECT_EQ(round2(largest(three_steps(1).at("e").as_numbers())), 1.31);
  EXPECT_EQ(round2(largest(three_steps(8).at("raw").as_numbers())), 1.31);  // d never changes s·h
}

TEST(ThreeSteps, AlphaSharpensMonotonicallyAsDShrinks) {
  // 「α 那一行跟着越来越尖」: entropy strictly falls at every step from d = 64 down to d = 1.
  double previous = three_steps(64).at("entropy").as_number();
  EXPECT_LT(previous, std::log(5.0));
  for (int d = 63; d >= 1; --d) {
    const double h = three_steps(d).at("entropy").as_number();
    EXPECT_LT(h, previous) << "d = " << d;
    previous = h;
  }
  EXPECT_LT(previous, 1.5);  // visibly sharper at d = 1 than the near-uniform ln 5 = 1.609
}

TEST(ThreeSteps, CIsTheAlphaWeightedSumOfTheMemories) {
  const Value data = three_steps(8);
  const auto& alpha = data.at("alpha").as_numbers();
  const auto& c = data.at("c").as_numbers();
  const auto& src = data.at("src").as_array();
  ASSERT_EQ(alpha.size(), 5u);
  ASSERT_EQ(c.size(), static_cast<size_t>(kConceptDim));
  Eigen::VectorXd expected = Eigen::VectorXd::Zero(kConceptDim);
  double sum = 0.0;
  for (size_t j = 0; j < 5; ++j) {
    expected += alpha[j] * concept_vector(src[j].as_string());
    sum += alpha[j];
  }
  EXPECT_NEAR(sum, 1.0, 1e-15);
  for (int k = 0; k < kConceptDim; ++k) EXPECT_NEAR(c[static_cast<size_t>(k)], expected(k), 1e-15);
}

TEST(ThreeSteps, ScoresAreRawScoresOverRootD) {
  const Value data = three_steps(16);
  const auto& e = data.at("e").as_numbers();
  const auto& raw = data.at("raw").as_numbers();
  for (size_t j = 0; j < e.size(); ++j) EXPECT_NEAR(e[j], raw[j] / 4.0, 1e-15);
  EXPECT_EQ(data.at("target").as_string(), "cat");
}

TEST(ThreeSteps, RejectsDOutside1To64AndFractionalD) {
  EXPECT_THROW(compute_figure("three-steps", {{"d", 0}}), InvalidInput);
  EXPECT_THROW(compute_figure("three-steps", {{"d", 65}}), InvalidInput);
  EXPECT_THROW(compute_figure("three-steps", {{"d", 2.5}}), InvalidInput);
  EXPECT_THROW(compute_figure("three-steps", {{"target", 5}}), InvalidInput);
}

}  // namespace attn
