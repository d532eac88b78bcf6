#include "core/most_likely.hpp"

#include <gtest/gtest.h>

#include "core/checks.hpp"

namespace attn {
namespace {

TEST(MostLikely, LargestFirstTiesKeepTheLowerIndexAndKIsCapped) {
  Eigen::VectorXd p(5);
  p << 0.1, 0.3, 0.1, 0.3, 0.2;
  EXPECT_EQ(most_likely(p, 5), (std::vector<int>{1, 3, 4, 0, 2}));
  EXPECT_EQ(most_likely(p, 2), (std::vector<int>{1, 3}));
  EXPECT_EQ(most_likely(p, 9).size(), 5u);
  Eigen::Index argmax;
  p.maxCoeff(&argmax);
  EXPECT_EQ(most_likely(p, 1).front(), argmax);  // the greedy choice
  EXPECT_TRUE(most_likely(p, 0).empty());
  EXPECT_THROW(most_likely(p, -1), InvalidInput);
}

}  // namespace
}  // namespace attn
