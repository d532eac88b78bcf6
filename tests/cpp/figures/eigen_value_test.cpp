#include "figures/eigen_value.hpp"

#include <gtest/gtest.h>

#include "core/checks.hpp"

namespace attn {
namespace {

TEST(EigenValue, AMatrixIsItsShapeAndItsEntriesRowByRow) {
  Eigen::MatrixXd m(2, 3);
  m << 1, 2, 3, 4, 5, 6;
  const Value v = matrix_value(m);
  EXPECT_EQ(v.at("rows").as_number(), 2.0);
  EXPECT_EQ(v.at("cols").as_number(), 3.0);
  EXPECT_EQ(v.at("data").as_numbers(), (Value::Numbers{1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(to_json(v), to_json(matrix_value(2, 3, {1, 2, 3, 4, 5, 6})));
  EXPECT_THROW(matrix_value(2, 3, {1, 2, 3}), InvalidInput);
}

TEST(EigenValue, NumbersCopyAVectorOrAListInOrder) {
  Eigen::VectorXd x(3);
  x << 0.5, -1, 1e-300;
  EXPECT_EQ(numbers(x).as_numbers(), (Value::Numbers{0.5, -1, 1e-300}));
  EXPECT_EQ(numbers(std::vector<int>{3, 1, 2}).as_numbers(), (Value::Numbers{3, 1, 2}));
}

}  // namespace
}  // namespace attn
