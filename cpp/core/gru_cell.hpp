#pragma once
// A GRU cell (Cho et al., 2014): the recurrent step of the `decoder` figure's encoder and decoder,
// and of Figure 2's models (cpp/nmt), which train it.
//   z  = σ(W_z x + U_z h + b_z)            update gate: how much of the state to rewrite
//   r  = σ(W_r x + U_r h + b_r)            reset gate: how much old state the candidate sees
//   h̃ = tanh(W_h x + U_h (r ⊙ h) + b_h)    candidate state
//   h' = (1 − z) ⊙ h + z ⊙ h̃              new state: a per-coordinate blend of old and new
// gru_step keeps what the step computed on the way (the gates, r ⊙ h, h̃): the backward pass of
// the trained models (nmt/gru_layer) starts from it. gru_cell is the same step giving only h'.
#include <Eigen/Dense>

namespace attn {

class Rng;

struct GruCell {
  Eigen::MatrixXd W_z, W_r, W_h;  // hidden × input
  Eigen::MatrixXd U_z, U_r, U_h;  // hidden × hidden
  Eigen::VectorXd b_z, b_r, b_h;  // hidden

  int input_size() const { return static_cast<int>(W_z.cols()); }
  int hidden_size() const { return static_cast<int>(W_z.rows()); }
};

// Seeded weights: W_* ~ N(0, 1/input), U_* ~ N(0, 1/hidden) (so a pre-activation has variance
// about |x|²/input + |h|²/hidden), biases 0.
GruCell random_gru_cell(int input, int hidden, Rng& rng);

struct GruStep {
  Eigen::VectorXd x, h;  // the step's input and previous state
  Eigen::VectorXd z, r;  // gates
  Eigen::VectorXd rh;    // r ⊙ h
  Eigen::VectorXd cand;  // h̃
  Eigen::VectorXd out;   // h' = h + z ⊙ (h̃ − h)
};

// One step from (x, h). Throws InvalidInput if the sizes do not match the cell.
GruStep gru_step(const GruCell& cell, const Eigen::VectorXd& x, const Eigen::VectorXd& h);

// h' = GRU(x, h): gru_step(cell, x, h).out.
Eigen::VectorXd gru_cell(const GruCell& cell, const Eigen::VectorXd& x, const Eigen::VectorXd& h);

// σ(a) = 1 / (1 + e^(−a)), evaluated so that exp never overflows.
Eigen::VectorXd sigmoid(const Eigen::VectorXd& a);

}  // namespace attn
