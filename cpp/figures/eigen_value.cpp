#include "figures/eigen_value.hpp"

#include "core/checks.hpp"

namespace attn {

Value numbers(const Eigen::VectorXd& v) { return Value(Value::Numbers(v.data(), v.data() + v.size())); }

Value::Numbers row_major(const Eigen::Ref<const Eigen::MatrixXd>& m) {
  Value::Numbers data;
  data.reserve(static_cast<std::size_t>(m.size()));
  append_row_major(m, data);
  return data;
}

void append_row_major(const Eigen::Ref<const Eigen::MatrixXd>& m, Value::Numbers& out) {
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    for (Eigen::Index j = 0; j < m.cols(); ++j) out.push_back(m(i, j));
}

Value matrix_value(const Eigen::Ref<const Eigen::MatrixXd>& m) {
  return matrix_value(static_cast<int>(m.rows()), static_cast<int>(m.cols()), row_major(m));
}

Value matrix_value(int rows, int cols, Value::Numbers row_major) {
  require(row_major.size() == static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols),
          "matrix_value: the entries do not fill rows × cols");
  return Value::object().set("rows", rows).set("cols", cols).set("data", Value(std::move(row_major)));
}

}  // namespace attn
