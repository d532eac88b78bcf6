#pragma once
// Measures of attention distributions.
#include <Eigen/Dense>

namespace attn {

// H(p) = −Σ p_j ln p_j, natural log, with 0·ln 0 = 0. One-hot: 0; uniform over n: ln n.
double entropy(const Eigen::VectorXd& p);

// max − min of a row of scores.
double value_range(const Eigen::VectorXd& x);

// Total-variation distance of two alignment maps (rows = target words, each a distribution
// over source words): the mean over rows of ½·Σ_j |p_ij − q_ij|. 0 = identical, 1 = disjoint.
double tv_distance(const Eigen::Ref<const Eigen::MatrixXd>& p,
                   const Eigen::Ref<const Eigen::MatrixXd>& q);

}  // namespace attn
