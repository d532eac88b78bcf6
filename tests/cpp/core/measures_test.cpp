#include "core/measures.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "core/checks.hpp"

namespace attn {

TEST(Measures, EntropyIsZeroForOneHotAndLnNForUniform) {
  EXPECT_EQ(entropy(Eigen::VectorXd::Unit(5, 2)), 0.0);  // 0·ln 0 taken as 0, not NaN
  EXPECT_NEAR(entropy(Eigen::VectorXd::Constant(5, 0.2)), std::log(5.0), 1e-15);
  Eigen::VectorXd p(3);
  p << 0.5, 0.25, 0.25;
  EXPECT_NEAR(entropy(p), 1.5 * std::log(2.0), 1e-15);
}

TEST(Measures, EntropyOfAnyDistributionLiesBetweenZeroAndLnN) {
  Eigen::VectorXd p(4);
  p << 0.7, 0.2, 0.1, 0.0;
  const double h = entropy(p);
  EXPECT_GT(h, 0.0);
  EXPECT_LT(h, std::log(4.0));
}

TEST(Measures, TvIsZeroForIdenticalMapsAndOneForDisjointOnes) {
  const Eigen::MatrixXd identity = Eigen::MatrixXd::Identity(3, 3);
  Eigen::MatrixXd shifted(3, 3);
  shifted << 0, 1, 0, 0, 0, 1, 1, 0, 0;
  EXPECT_EQ(tv_distance(identity, identity), 0.0);
  EXPECT_EQ(tv_distance(identity, shifted), 1.0);
  // Mean over rows: one row disjoint, two identical → 1/3.
  Eigen::MatrixXd one_row = identity;
  one_row.row(0) = shifted.row(0);
  EXPECT_NEAR(tv_distance(identity, one_row), 1.0 / 3.0, 1e-15);
  EXPECT_NEAR(tv_distance(one_row, identity), tv_distance(identity, one_row), 0.0);
}

TEST(Measures, TvRejectsMapsOfDifferentShape) {
  EXPECT_THROW(tv_distance(Eigen::MatrixXd::Zero(2, 3), Eigen::MatrixXd::Zero(3, 2)), InvalidInput);
  EXPECT_THROW(tv_distance(Eigen::MatrixXd(0, 0), Eigen::MatrixXd(0, 0)), InvalidInput);
}

TEST(Measures, RangeIsMaxMinusMin) {
  Eigen::VectorXd x(4);
  x << 0.5, -2.0, 3.0, 1.0;
  EXPECT_EQ(value_range(x), 5.0);
  EXPECT_THROW(value_range(Eigen::VectorXd()), InvalidInput);
}

}  // namespace attn
