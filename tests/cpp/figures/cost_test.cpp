// Figure `cost`: m reads of c against m × n attention comparisons.
#include <gtest/gtest.h>

#include "figures/registry.hpp"

namespace attn {
namespace {

Value data(const Params& p) { return compute_figure("cost", p).at("data"); }

}  // namespace

TEST(Cost, FixedVectorIsReadMTimesAttentionComparesMTimesN) {
  for (int m : {1, 5, 17, 50})
    for (int n : {1, 5, 23, 50}) {
      const Value x = data({{"m", m}, {"n", n}});
      EXPECT_EQ(x.at("fixed_vector_reads").as_number(), m);
      EXPECT_EQ(x.at("comparisons").as_number(), m * n);
    }
}

TEST(Cost, GridHasMRowsOfNCellsNumberedByGenerationStep) {
  const Value x = data({{"m", 3}, {"n", 4}});
  const Value& grid = x.at("grid");
  EXPECT_EQ(grid.at("rows").as_number(), 3);
  EXPECT_EQ(grid.at("cols").as_number(), 4);
  const auto& steps = grid.at("data").as_numbers();
  ASSERT_EQ(steps.size(), 12u);
  for (int k = 0; k < 12; ++k) EXPECT_EQ(steps[k], k / 4 + 1);
}

// Same multiply-adds either way; teacher forcing does them in one [m, h] × [h, n] product that
// gives the [m, n] score matrix, inference in m products of [n, h] × [h, 1].
TEST(Cost, TeacherForcingTurnsTheMByNComparisonsIntoOneMatrixProduct) {
  const Value x = data({{"m", 6}, {"n", 9}});
  const Value& train = x.at("training");
  const Value& infer = x.at("inference");
  const double h = x.at("hidden").as_number();
  EXPECT_EQ(train.at("calls").as_number(), 1);
  EXPECT_EQ(train.at("shape").as_numbers(), (Value::Numbers{6, 9}));
  EXPECT_EQ(train.at("left").as_numbers(), (Value::Numbers{6, h}));
  EXPECT_EQ(train.at("right").as_numbers(), (Value::Numbers{h, 9}));
  EXPECT_EQ(infer.at("calls").as_number(), 6);
  EXPECT_EQ(train.at("multiply_adds").as_number(), 6 * 9 * h);
  EXPECT_EQ(infer.at("multiply_adds").as_number(), train.at("multiply_adds").as_number());
}

TEST(Cost, RejectsLengthsOutside1To50) {
  EXPECT_THROW(data({{"m", 0}}), InvalidInput);
  EXPECT_THROW(data({{"n", 51}}), InvalidInput);
}

}  // namespace attn
