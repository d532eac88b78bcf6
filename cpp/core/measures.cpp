#include "core/measures.hpp"

#include <cmath>

#include "core/checks.hpp"

namespace attn {

double entropy(const Eigen::VectorXd& p) {
  double h = 0.0;
  for (Eigen::Index j = 0; j < p.size(); ++j)
    if (p(j) > 0.0) h -= p(j) * std::log(p(j));
  return h;
}

double value_range(const Eigen::VectorXd& x) {
  require(x.size() > 0, "range of an empty row");
  return x.maxCoeff() - x.minCoeff();
}

double tv_distance(const Eigen::Ref<const Eigen::MatrixXd>& p,
                   const Eigen::Ref<const Eigen::MatrixXd>& q) {
  require(p.rows() == q.rows() && p.cols() == q.cols(), "tv_distance: maps differ in shape");
  require(p.rows() > 0 && p.cols() > 0, "tv_distance: empty maps");
  return 0.5 * (p - q).cwiseAbs().sum() / static_cast<double>(p.rows());
}

}  // namespace attn
