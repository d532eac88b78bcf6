#include "core/gru_cell.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "core/checks.hpp"
#include "core/rng.hpp"

namespace attn {
namespace {

GruCell seeded_cell(std::uint64_t seed, int input = 3, int hidden = 4) {
  Rng rng(seed);
  return random_gru_cell(input, hidden, rng);
}

}  // namespace

// With the update gate shut (z → 0) the cell keeps its state: h' = h.
TEST(GruCell, ShutUpdateGateKeepsTheState) {
  GruCell cell = seeded_cell(1);
  cell.b_z.setConstant(-60.0);
  Rng rng(2);
  const Eigen::VectorXd x = rng.normal_vector(3), h = rng.normal_vector(4, 0.5);
  EXPECT_LT((gru_cell(cell, x, h) - h).cwiseAbs().maxCoeff(), 1e-20);
}

// With the update gate open (z → 1) the new state is the candidate, computed here independently
// coordinate by coordinate: h̃_k = tanh(Σ W_h[k,i] x_i + Σ U_h[k,l] r_l h_l + b_h[k]).
TEST(GruCell, OpenUpdateGateGivesTheCandidateState) {
  GruCell cell = seeded_cell(3);
  cell.b_z.setConstant(60.0);
  Rng rng(4);
  const Eigen::VectorXd x = rng.normal_vector(3), h = rng.normal_vector(4, 0.5);
  const Eigen::VectorXd out = gru_cell(cell, x, h);
  for (int k = 0; k < 4; ++k) {
    double a = cell.b_h(k);
    for (int i = 0; i < 3; ++i) a += cell.W_h(k, i) * x(i);
    for (int l = 0; l < 4; ++l) {
      double ar = cell.b_r(l);
      for (int i = 0; i < 3; ++i) ar += cell.W_r(l, i) * x(i);
      for (int m = 0; m < 4; ++m) ar += cell.U_r(l, m) * h(m);
      a += cell.U_h(k, l) * (1.0 / (1.0 + std::exp(-ar))) * h(l);
    }
    EXPECT_NEAR(out(k), std::tanh(a), 1e-12);
  }
}

// h' is a per-coordinate blend of h and h̃ ∈ (−1, 1), so a state in (−1, 1) stays there
// (≤ 1 in floating point, where tanh of a large number rounds to exactly 1).
TEST(GruCell, StateStaysInsideMinusOneToOneOverManySteps) {
  const GruCell cell = seeded_cell(5, 6, 8);
  Rng rng(6);
  Eigen::VectorXd h = Eigen::VectorXd::Zero(8);
  for (int t = 0; t < 500; ++t) {
    h = gru_cell(cell, rng.normal_vector(6, 5.0), h);
    ASSERT_LE(h.cwiseAbs().maxCoeff(), 1.0);
    ASSERT_TRUE(h.allFinite());
  }
}

TEST(GruCell, SigmoidIsFiniteAtExtremesAndSymmetric) {
  Eigen::VectorXd a(5);
  a << -1000.0, -3.0, 0.0, 3.0, 1000.0;
  const Eigen::VectorXd s = sigmoid(a);
  EXPECT_TRUE(s.allFinite());
  EXPECT_EQ(s(0), 0.0);
  EXPECT_EQ(s(4), 1.0);
  EXPECT_EQ(s(2), 0.5);
  EXPECT_NEAR(s(1) + s(3), 1.0, 1e-15);
  EXPECT_NEAR(s(3), 1.0 / (1.0 + std::exp(-3.0)), 1e-15);
}

TEST(GruCell, SameSeedSameWeights) {
  EXPECT_EQ(seeded_cell(8).U_h, seeded_cell(8).U_h);
  EXPECT_NE(seeded_cell(8).U_h, seeded_cell(9).U_h);
}

TEST(GruCell, RejectsInputOrStateOfTheWrongSize) {
  const GruCell cell = seeded_cell(7);
  EXPECT_THROW(gru_cell(cell, Eigen::VectorXd::Zero(2), Eigen::VectorXd::Zero(4)), InvalidInput);
  EXPECT_THROW(gru_cell(cell, Eigen::VectorXd::Zero(3), Eigen::VectorXd::Zero(5)), InvalidInput);
}

}  // namespace attn
