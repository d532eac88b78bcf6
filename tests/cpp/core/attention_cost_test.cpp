#include "core/attention_cost.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "core/checks.hpp"

namespace attn {

TEST(AttentionCost, FixedVectorReadsAreMAndComparisonsAreMTimesN) {
  for (int m = 1; m <= 50; ++m)
    for (int n = 1; n <= 50; ++n) {
      const AttentionCost c = attention_cost(m, n);
      EXPECT_EQ(c.fixed_vector_reads, m);
      EXPECT_EQ(c.comparisons, static_cast<long long>(m) * n);
    }
}

// Generation step t fills row t and only row t: every step compares with all n source words.
TEST(AttentionCost, EachGenerationStepFillsExactlyItsOwnRowOfNCells) {
  const int m = 7, n = 4;
  const AttentionCost c = attention_cost(m, n);
  ASSERT_EQ(c.step_of_cell.size(), static_cast<size_t>(m * n));
  std::vector<int> per_step(m + 1, 0);
  for (int row = 0; row < m; ++row)
    for (int col = 0; col < n; ++col) {
      const int t = c.step_of_cell[row * n + col];
      EXPECT_EQ(t, row + 1);
      ++per_step[t];
    }
  for (int t = 1; t <= m; ++t) EXPECT_EQ(per_step[t], n);
}

TEST(AttentionCost, ScoresCostHMultiplyAddsEach) {
  EXPECT_EQ(score_multiply_adds(5, 5, 512), 25LL * 512);
  EXPECT_EQ(score_multiply_adds(50, 50, 1024), 2500LL * 1024);
}

TEST(AttentionCost, RejectsEmptySentences) {
  EXPECT_THROW(attention_cost(0, 3), InvalidInput);
  EXPECT_THROW(attention_cost(3, 0), InvalidInput);
}

}  // namespace attn
