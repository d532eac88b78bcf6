#include "core/orthogonal.hpp"

#include <gtest/gtest.h>

#include "core/checks.hpp"

namespace attn {

TEST(Orthogonal, QtQIsIdentityAndDeterministic) {
  const Eigen::MatrixXd q = random_orthogonal(16, 3);
  EXPECT_LT((q.transpose() * q - Eigen::MatrixXd::Identity(16, 16)).norm(), 1e-12);
  EXPECT_EQ((q - random_orthogonal(16, 3)).norm(), 0.0);
  EXPECT_GT((q - random_orthogonal(16, 4)).norm(), 1.0);
}

TEST(Orthogonal, RejectsNonPositiveSize) { EXPECT_THROW(random_orthogonal(0, 1), InvalidInput); }

}  // namespace attn
