#include "core/softmax.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "core/checks.hpp"
#include "core/rng.hpp"
#include "figures/registry.hpp"

namespace attn {

TEST(Softmax, SumsToOneAndIsShiftInvariant) {
  Rng rng(3);
  for (int trial = 0; trial < 20; ++trial) {
    const Eigen::VectorXd x = rng.normal_vector(6, 3.0);
    const Eigen::VectorXd p = softmax(x);
    EXPECT_NEAR(p.sum(), 1.0, 1e-15);
    EXPECT_GT(p.minCoeff(), 0.0);
    const double shift = 10.0 * rng.normal();
    EXPECT_LT((softmax((x.array() + shift).matrix()) - p).cwiseAbs().maxCoeff(), 1e-15);
    const Eigen::ArrayXd e = x.array().exp();  // the unguarded textbook form, fine at this scale
    EXPECT_LT((p.array() - e / e.sum()).abs().maxCoeff(), 1e-15);
  }
}

TEST(Softmax, LargeScoresDoNotOverflow) {
  Eigen::VectorXd x(3);
  x << 1000.0, 999.0, -1000.0;  // exp(1000) is inf; subtracting the max avoids it
  const Eigen::VectorXd p = softmax(x);
  EXPECT_TRUE(p.allFinite());
  EXPECT_NEAR(p(0), 1.0 / (1.0 + std::exp(-1.0)), 1e-15);
  EXPECT_EQ(p(2), 0.0);
}

TEST(Softmax, RejectsEmptyAndNonFiniteInput) {
  EXPECT_THROW(softmax(Eigen::VectorXd()), InvalidInput);
  Eigen::VectorXd x = Eigen::VectorXd::Zero(3);
  x(1) = std::nan("");
  EXPECT_THROW(softmax(x), InvalidInput);
}

TEST(Softmax, BackwardMatchesCentralDifferences) {
  // L = gᵀ softmax(x) for a fixed g; relative normwise tolerance 1e-7.
  Rng rng(8);
  const Eigen::VectorXd x = rng.normal_vector(5), g = rng.normal_vector(5);
  const Eigen::VectorXd analytic = softmax_backward(softmax(x), g);
  Eigen::VectorXd fd(5);
  const double h = 1e-5;
  for (int k = 0; k < 5; ++k) {
    Eigen::VectorXd up = x, down = x;
    up(k) += h;
    down(k) -= h;
    fd(k) = (g.dot(softmax(up)) - g.dot(softmax(down))) / (2 * h);
  }
  EXPECT_LT((analytic - fd).norm() / analytic.norm(), 1e-7);
}

TEST(SoftmaxFigure, WeightsArePositiveSumToOneAndIgnoreACommonShift) {
  const Params base = {{"x1", 2.0}, {"x2", -1.5}, {"x3", 0.3}, {"x4", 4.9}, {"x5", -4.0}};
  Params shifted;
  for (const auto& kv : base) shifted[kv.first] = kv.second - 0.5;  // all stay inside −5…5
  const Value a = compute_figure("softmax", base).at("data");
  const Value b = compute_figure("softmax", shifted).at("data");
  const auto& wa = a.at("weights").as_numbers();
  const auto& wb = b.at("weights").as_numbers();
  ASSERT_EQ(wa.size(), 5u);
  double sum = 0.0;
  for (size_t j = 0; j < 5; ++j) {
    EXPECT_GT(wa[j], 0.0);
    EXPECT_NEAR(wa[j], wb[j], 1e-15);
    sum += wa[j];
  }
  EXPECT_NEAR(sum, 1.0, 1e-15);
  EXPECT_NEAR(a.at("sum").as_number(), 1.0, 1e-15);
  EXPECT_EQ(a.at("x").as_numbers()[3], 4.9);
}

TEST(SoftmaxFigure, RejectsNumbersOutsideMinus5To5) {
  EXPECT_THROW(compute_figure("softmax", {{"x3", 5.1}}), InvalidInput);
  EXPECT_THROW(compute_figure("softmax", {{"x6", 1.0}}), InvalidInput);
}

}  // namespace attn
