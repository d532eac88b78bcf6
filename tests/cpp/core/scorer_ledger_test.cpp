#include "core/scorer_ledger.hpp"

#include <gtest/gtest.h>

#include "core/checks.hpp"

namespace attn {

TEST(ScorerLedger, AdditiveIs2HSquaredPlusHGeneralHSquaredDotZeroForEveryH) {
  for (long long h = 1; h <= 1024; h += (h < 16 ? 1 : 37)) {
    EXPECT_EQ(additive_ledger(static_cast<int>(h)).total, 2 * h * h + h) << "h = " << h;
    EXPECT_EQ(general_ledger(static_cast<int>(h)).total, h * h) << "h = " << h;
    EXPECT_EQ(dot_ledger(static_cast<int>(h)).total, 0) << "h = " << h;
  }
}

TEST(ScorerLedger, BlocksAreTheScorersWeightShapes) {
  const ScorerLedger a = additive_ledger(6);
  ASSERT_EQ(a.blocks.size(), 3u);
  EXPECT_EQ(a.blocks[0].name, "W1");
  EXPECT_EQ(a.blocks[0].rows, 6);
  EXPECT_EQ(a.blocks[0].cols, 6);
  EXPECT_EQ(a.blocks[1].name, "W2");
  EXPECT_EQ(a.blocks[2].name, "v");
  EXPECT_EQ(a.blocks[2].rows, 6);
  EXPECT_EQ(a.blocks[2].cols, 1);
  EXPECT_TRUE(dot_ledger(6).blocks.empty());
}

TEST(ScorerLedger, RejectsWidthBelowOne) {
  EXPECT_THROW(additive_ledger(0), InvalidInput);
  EXPECT_THROW(general_ledger(0), InvalidInput);
  EXPECT_THROW(dot_ledger(-1), InvalidInput);
}

}  // namespace attn
