#include "core/gru_encoder.hpp"

#include <gtest/gtest.h>

#include "core/checks.hpp"
#include "core/rng.hpp"

namespace attn {

// Row j is the state after reading words 1…j, step by step from h_0 = 0 — and an attention
// encoder keeps all of them, not only the last.
TEST(GruEncoder, RowJIsTheStateAfterTheFirstJWords) {
  Rng rng(1);
  const GruCell cell = random_gru_cell(3, 5, rng);
  const Eigen::MatrixXd words = rng.normal_matrix(6, 3);
  const Eigen::MatrixXd memories = gru_encode(cell, words);
  ASSERT_EQ(memories.rows(), 6);
  ASSERT_EQ(memories.cols(), 5);
  Eigen::VectorXd h = Eigen::VectorXd::Zero(5);
  for (int j = 0; j < 6; ++j) {
    h = gru_cell(cell, words.row(j).transpose(), h);
    EXPECT_EQ(memories.row(j).transpose(), h);
  }
}

TEST(GruEncoder, RejectsAnEmptySentence) {
  Rng rng(2);
  const GruCell cell = random_gru_cell(3, 5, rng);
  EXPECT_THROW(gru_encode(cell, Eigen::MatrixXd(0, 3)), InvalidInput);
}

}  // namespace attn
