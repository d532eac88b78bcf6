#include "core/scores.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "core/checks.hpp"
#include "core/rng.hpp"

namespace attn {

TEST(Scores, EachScorerComputesItsFormula) {
  Rng rng(7);
  const Eigen::VectorXd s = rng.normal_vector(4), h = rng.normal_vector(4);
  const Eigen::MatrixXd W = rng.normal_matrix(4, 4), W1 = rng.normal_matrix(3, 4),
                        W2 = rng.normal_matrix(3, 4);
  const Eigen::VectorXd v = rng.normal_vector(3);
  double by_hand = 0.0;
  for (int k = 0; k < 4; ++k) by_hand += s(k) * h(k);
  EXPECT_NEAR(dot(s, h), by_hand, 1e-14);
  EXPECT_NEAR(scaled_dot(s, h, 16.0), by_hand / 4.0, 1e-14);
  double bilinear = 0.0;
  for (int a = 0; a < 4; ++a)
    for (int b = 0; b < 4; ++b) bilinear += s(a) * W(a, b) * h(b);
  EXPECT_NEAR(general(s, W, h), bilinear, 1e-13);
  EXPECT_NEAR(general(s, Eigen::MatrixXd::Identity(4, 4), h), dot(s, h), 1e-14);
  double add = 0.0;
  for (int a = 0; a < 3; ++a) {
    double pre = 0.0;
    for (int k = 0; k < 4; ++k) pre += W1(a, k) * h(k) + W2(a, k) * s(k);
    add += v(a) * std::tanh(pre);
  }
  EXPECT_NEAR(additive(s, h, W1, W2, v), add, 1e-13);
}

TEST(Scores, ScaledDotRejectsNonPositiveDByName) {
  const Eigen::VectorXd s = Eigen::VectorXd::Ones(3);
  for (double d : {0.0, -4.0, std::nan("")}) {
    try {
      scaled_dot(s, s, d);
      FAIL() << "d = " << d << " accepted";
    } catch (const InvalidInput& e) {
      EXPECT_NE(std::string(e.what()).find("d"), std::string::npos);
    }
  }
}

TEST(Scores, ShapeMismatchesAreRejected) {
  const Eigen::VectorXd s3 = Eigen::VectorXd::Ones(3), s4 = Eigen::VectorXd::Ones(4);
  EXPECT_THROW(dot(s3, s4), InvalidInput);
  EXPECT_THROW(dot(Eigen::VectorXd(), Eigen::VectorXd()), InvalidInput);
  EXPECT_THROW(general(s3, Eigen::MatrixXd::Identity(4, 4), s4), InvalidInput);
  const Eigen::MatrixXd W1 = Eigen::MatrixXd::Ones(2, 4), W2 = Eigen::MatrixXd::Ones(2, 3);
  const Eigen::VectorXd v = Eigen::VectorXd::Ones(2);
  EXPECT_NO_THROW(additive(s3, s4, W1, W2, v));
  EXPECT_THROW(additive(s4, s4, W1, W2, v), InvalidInput);  // W2 expects |s| = 3
  EXPECT_THROW(additive(s3, s4, W1, W2, Eigen::VectorXd::Ones(5)), InvalidInput);
  EXPECT_THROW(
      alignment_map(Eigen::MatrixXd(0, 3), Eigen::MatrixXd::Ones(2, 3),
                    [](const Eigen::VectorXd& a, const Eigen::VectorXd& b) { return dot(a, b); }),
      InvalidInput);
}

TEST(Scores, AlignmentMapRowsAreSoftmaxedScores) {
  Rng rng(11);
  const Eigen::MatrixXd S = rng.normal_matrix(3, 5), H = rng.normal_matrix(4, 5);
  const AlignmentMap map = alignment_map(
      S, H, [](const Eigen::VectorXd& s, const Eigen::VectorXd& h) { return scaled_dot(s, h, 5); });
  ASSERT_EQ(map.scores.rows(), 3);
  ASSERT_EQ(map.scores.cols(), 4);
  for (int i = 0; i < 3; ++i) {
    double z = 0.0;
    for (int j = 0; j < 4; ++j) {
      EXPECT_NEAR(map.scores(i, j), S.row(i).dot(H.row(j)) / std::sqrt(5.0), 1e-13);
      z += std::exp(map.scores(i, j));
    }
    for (int j = 0; j < 4; ++j) EXPECT_NEAR(map.alpha(i, j), std::exp(map.scores(i, j)) / z, 1e-14);
    EXPECT_NEAR(map.alpha.row(i).sum(), 1.0, 1e-14);
  }
}

}  // namespace attn
