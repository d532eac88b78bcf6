#include <gtest/gtest.h>

#include <cmath>

#include "core/rng.hpp"
#include "figures/registry.hpp"
#include "support/value_matrix.hpp"

namespace attn {
namespace {

Value mix(int target, double beta) {
  return compute_figure("mix", {{"target", target}, {"beta", beta}}).at("data");
}

Eigen::Vector2d point(const Value& xy) { return {xy.as_numbers()[0], xy.as_numbers()[1]}; }

double cross(const Eigen::Vector2d& a, const Eigen::Vector2d& b) {
  return a.x() * b.y() - a.y() * b.x();
}

// The test's own check, independent of the figure's: c is inside the counter-clockwise polygon
// `hull` (every edge has c on its left), and between the fan's first and last arrow.
bool inside(const std::vector<Eigen::Vector2d>& arrows, const std::vector<double>& hull,
            const Eigen::Vector2d& c) {
  for (size_t k = 0; k < hull.size(); ++k) {
    const Eigen::Vector2d a = arrows[static_cast<size_t>(hull[k])];
    const Eigen::Vector2d b = arrows[static_cast<size_t>(hull[(k + 1) % hull.size()])];
    if (cross(b - a, c - a) < -1e-12) return false;
  }
  return cross(arrows.front(), c) >= -1e-12 && cross(c, arrows.back()) >= -1e-12;
}

std::vector<Eigen::Vector2d> arrows_of(const Value& data) {  // row j of the matrix: h_j's tip
  const Eigen::MatrixXd tips = testing::matrix_of(data.at("arrows"));
  std::vector<Eigen::Vector2d> arrows;
  for (Eigen::Index j = 0; j < tips.rows(); ++j) arrows.emplace_back(tips(j, 0), tips(j, 1));
  return arrows;
}

}  // namespace

TEST(Mix, CStaysInsideTheFanForEveryTargetAndSharpness) {
  for (int target = 0; target < 5; ++target)
    for (int tenth = 0; tenth <= 100; tenth += 5) {
      const Value data = mix(target, tenth / 10.0);
      const auto arrows = arrows_of(data);
      const auto& alpha = data.at("alpha").as_numbers();
      Eigen::Vector2d c = Eigen::Vector2d::Zero();
      for (size_t j = 0; j < 5; ++j) c += alpha[j] * arrows[j];
      EXPECT_LT((c - point(data.at("c"))).norm(), 1e-15);  // c = Σ α_j h_j
      EXPECT_TRUE(data.at("inside_fan").as_bool());
      EXPECT_TRUE(data.at("inside_hull").as_bool());
      EXPECT_TRUE(inside(arrows, data.at("hull").as_numbers(), c));
    }
}

TEST(Mix, AnyPositiveWeightsSummingToOneKeepCInsideTheFan) {
  // The convex-combination property itself, for 2000 random α on the figure's arrows.
  const Value data = mix(0, 1.0);
  const auto arrows = arrows_of(data);
  const auto& hull = data.at("hull").as_numbers();
  EXPECT_EQ(hull.size(), 5u);  // the arrows are drawn so that every tip is on the outline
  Rng rng(2024);
  for (int trial = 0; trial < 2000; ++trial) {
    Eigen::VectorXd alpha = (3.0 * rng.normal_vector(5)).array().exp().matrix();
    alpha /= alpha.sum();
    Eigen::Vector2d c = Eigen::Vector2d::Zero();
    for (int j = 0; j < 5; ++j) c += alpha(j) * arrows[static_cast<size_t>(j)];
    ASSERT_TRUE(inside(arrows, hull, c)) << "trial " << trial;
  }
  // And the check can fail: a point past the longest arrow, or beyond the last one, is outside.
  EXPECT_FALSE(inside(arrows, hull, 1.5 * arrows[2]));
  EXPECT_FALSE(inside(arrows, hull, Eigen::Vector2d(-1.0, 0.05)));
}

TEST(Mix, BetaZeroMixesEvenlyAndLargeBetaPointsAtTheTopWord) {
  const Value even = mix(3, 0.0);
  for (double a : even.at("alpha").as_numbers()) EXPECT_NEAR(a, 0.2, 1e-15);
  const Value sharp = mix(3, 10.0);  // "cat" → 猫, the fifth arrow
  EXPECT_GT(sharp.at("alpha").as_numbers()[4], 0.99);
  const auto arrows = arrows_of(sharp);
  EXPECT_LT((point(sharp.at("c")) - arrows[4]).norm(), 0.02);
}

}  // namespace attn
