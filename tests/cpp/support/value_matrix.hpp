#pragma once
// A matrix of a figure's data ({rows, cols, data}, row-major: figures/eigen_value.hpp) back as
// Eigen, checked to be that shape.
#include <gtest/gtest.h>

#include <Eigen/Dense>

#include "figures/value.hpp"

namespace attn::testing {

inline Eigen::MatrixXd matrix_of(const Value& m) {
  const auto rows = static_cast<Eigen::Index>(m.at("rows").as_number());
  const auto cols = static_cast<Eigen::Index>(m.at("cols").as_number());
  const auto& data = m.at("data").as_numbers();
  EXPECT_EQ(data.size(), static_cast<std::size_t>(rows * cols));
  Eigen::MatrixXd out(rows, cols);
  for (Eigen::Index i = 0; i < rows; ++i)
    for (Eigen::Index j = 0; j < cols; ++j) out(i, j) = data[static_cast<std::size_t>(i * cols + j)];
  return out;
}

}  // namespace attn::testing
