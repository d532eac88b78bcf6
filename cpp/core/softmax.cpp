#include "core/softmax.hpp"

#include "core/checks.hpp"

namespace attn {

Eigen::VectorXd softmax(const Eigen::VectorXd& x) {
  require(x.size() > 0, "softmax needs at least one number");
  require(x.allFinite(), "softmax input must be finite numbers");
  const Eigen::ArrayXd e = (x.array() - x.maxCoeff()).exp();
  return (e / e.sum()).matrix();
}

Eigen::MatrixXd softmax_rows(const Eigen::MatrixXd& x) {
  Eigen::MatrixXd p(x.rows(), x.cols());
  for (Eigen::Index i = 0; i < x.rows(); ++i) p.row(i) = softmax(x.row(i).transpose()).transpose();
  return p;
}

Eigen::VectorXd softmax_backward(const Eigen::VectorXd& p, const Eigen::VectorXd& g) {
  require(p.size() == g.size(), "softmax_backward: p and g differ in size");
  return p.cwiseProduct((g.array() - p.dot(g)).matrix());
}

}  // namespace attn
