#include "core/gru_encoder.hpp"

#include "core/checks.hpp"

namespace attn {

Eigen::MatrixXd gru_encode(const GruCell& cell, const Eigen::MatrixXd& inputs) {
  require(inputs.rows() >= 1, "gru_encode: the sentence is empty");
  Eigen::MatrixXd memories(inputs.rows(), cell.hidden_size());
  Eigen::VectorXd h = Eigen::VectorXd::Zero(cell.hidden_size());
  for (Eigen::Index j = 0; j < inputs.rows(); ++j) {
    h = gru_cell(cell, inputs.row(j).transpose(), h);
    memories.row(j) = h.transpose();
  }
  return memories;
}

}  // namespace attn
