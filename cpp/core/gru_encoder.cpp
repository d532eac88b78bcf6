#include "core/gru_encoder.hpp"

#include "core/checks.hpp"

namespace attn {

GruSequence gru_forward(const GruCell& cell, const Eigen::MatrixXd& X, const Eigen::VectorXd& h0) {
  require(X.rows() == cell.input_size(), "gru_forward: inputs must have the cell's input size");
  const Eigen::Index T = X.cols();
  GruSequence seq;
  seq.steps.reserve(static_cast<std::size_t>(T));
  seq.states.resize(cell.hidden_size(), T);
  Eigen::VectorXd h = h0;
  for (Eigen::Index t = 0; t < T; ++t) {
    seq.steps.push_back(gru_step(cell, X.col(t), h));
    h = seq.steps.back().out;
    seq.states.col(t) = h;
  }
  return seq;
}

Eigen::MatrixXd gru_encode(const GruCell& cell, const Eigen::MatrixXd& inputs) {
  require(inputs.rows() >= 1, "gru_encode: the sentence is empty");
  return gru_forward(cell, inputs.transpose(), Eigen::VectorXd::Zero(cell.hidden_size())).states.transpose();
}

}  // namespace attn
