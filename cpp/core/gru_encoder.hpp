#pragma once
// A GRU run over a sequence: h_t = GRU(x_t, h_{t−1}), every step kept (the trained models of
// cpp/nmt backpropagate through them). As an encoder (h_0 = 0) it keeps every h_j, unlike the
// Seq2Seq encoder, which hands on only c = h_n: the memories an attention decoder looks back at.
#include <Eigen/Dense>
#include <vector>

#include "core/gru_cell.hpp"

namespace attn {

struct GruSequence {
  std::vector<GruStep> steps;  // steps[t].out = h_{t+1}
  Eigen::MatrixXd states;      // hidden × T, column t = h_{t+1}
};

// X: input × T (column t = x_{t+1}); h0: initial state.
GruSequence gru_forward(const GruCell& cell, const Eigen::MatrixXd& X, const Eigen::VectorXd& h0);

// The encoder of the `decoder` figure, in the chapter's layout: inputs n × input (row j−1 = x_j),
// h_0 = 0. Returns n × hidden, row j−1 = h_j.
Eigen::MatrixXd gru_encode(const GruCell& cell, const Eigen::MatrixXd& inputs);

}  // namespace attn
