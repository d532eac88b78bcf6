#pragma once
// A GRU encoder: h_0 = 0, h_j = GRU(x_j, h_{j−1}). Unlike the Seq2Seq encoder, which hands on
// only c = h_n, an attention model keeps every h_j: the memories the decoder looks back at.
#include <Eigen/Dense>

#include "core/gru_cell.hpp"

namespace attn {

// inputs: n × input (row j−1 = x_j). Returns n × hidden, row j−1 = h_j.
Eigen::MatrixXd gru_encode(const GruCell& cell, const Eigen::MatrixXd& inputs);

}  // namespace attn
