#pragma once
// Numbers → Value, the one conversion every figure (and Figure 2's report) uses. In JS a numeric
// array is a Float64Array, and a matrix is {rows, cols, data} with `data` its entries row by row:
// entry (i, j) is data[i·cols + j]. The page's general functions take and give matrices as the
// same row-major arrays, with rows and cols as arguments.
#include <Eigen/Dense>
#include <vector>

#include "figures/value.hpp"

namespace attn {

Value numbers(const Eigen::VectorXd& v);

template <class T>
Value numbers(const std::vector<T>& xs) {
  return Value(Value::Numbers(xs.begin(), xs.end()));
}

// The entries row by row: (i, j) at i·cols + j.
Value::Numbers row_major(const Eigen::Ref<const Eigen::MatrixXd>& m);
// The same entries added after those `out` holds (several matrices in one array).
void append_row_major(const Eigen::Ref<const Eigen::MatrixXd>& m, Value::Numbers& out);

// {rows, cols, data}: data row-major.
Value matrix_value(const Eigen::Ref<const Eigen::MatrixXd>& m);
Value matrix_value(int rows, int cols, Value::Numbers row_major);

}  // namespace attn
