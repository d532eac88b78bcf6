#pragma once
// The score functions of attention: how well does decoder state s match encoder memory h?
//   dot         e = s·h                      (Luong; no parameters)
//   scaled dot  e = s·h / √d                 (keeps the spread of e near 1 when d grows)
//   general     e = sᵀ W h                   (Luong "general"; one matrix)
//   additive    e = vᵀ tanh(W₁h + W₂s)       (Bahdanau; a one-layer network)
// and the alignment map: every target row scored against every source word, then softmaxed.
#include <Eigen/Dense>
#include <functional>

namespace attn {

double dot(const Eigen::VectorXd& s, const Eigen::VectorXd& h);
double scaled_dot(const Eigen::VectorXd& s, const Eigen::VectorXd& h, double d);  // d > 0
double general(const Eigen::VectorXd& s, const Eigen::MatrixXd& W, const Eigen::VectorXd& h);
double additive(const Eigen::VectorXd& s, const Eigen::VectorXd& h, const Eigen::MatrixXd& W1,
                const Eigen::MatrixXd& W2, const Eigen::VectorXd& v);

// score(s, h) for one decoder state s and one encoder memory h.
using ScoreFunction = std::function<double(const Eigen::VectorXd& s, const Eigen::VectorXd& h)>;

struct AlignmentMap {
  Eigen::MatrixXd scores;  // e_ij = score(s_i, h_j): n_tgt × n_src
  Eigen::MatrixXd alpha;   // α_ij = softmax_j(e_ij): each row sums to 1
};

// S: one decoder state per row (n_tgt × k). H: one encoder memory per row (n_src × k).
AlignmentMap alignment_map(const Eigen::MatrixXd& S, const Eigen::MatrixXd& H,
                           const ScoreFunction& score);

}  // namespace attn
