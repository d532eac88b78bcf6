#pragma once
// The GRU as a trainable layer: backpropagation through a step and through a sequence, run
// forward by the core's cell (core/gru_cell: gru_step, core/gru_encoder: gru_forward), whose
// kept values are what the backward pass reads.
//   z = σ(W_z x + U_z h + b_z),  r = σ(W_r x + U_r h + b_r)
//   h̃ = tanh(W_h x + U_h (r ⊙ h) + b_h),   h' = (1 − z) ⊙ h + z ⊙ h̃
// Parameters and their gradients are both GruCell structs (same shapes).
#include <Eigen/Dense>
#include <string>

#include "core/gru_cell.hpp"
#include "core/gru_encoder.hpp"

namespace attn {

// Applies f(name, parameter, gradient) to each of the nine blocks.
template <class F>
void visit_gru(const std::string& prefix, GruCell& p, GruCell& g, F&& f) {
  f(prefix + ".W_z", p.W_z, g.W_z), f(prefix + ".W_r", p.W_r, g.W_r), f(prefix + ".W_h", p.W_h, g.W_h);
  f(prefix + ".U_z", p.U_z, g.U_z), f(prefix + ".U_r", p.U_r, g.U_r), f(prefix + ".U_h", p.U_h, g.U_h);
  f(prefix + ".b_z", p.b_z, g.b_z), f(prefix + ".b_r", p.b_r, g.b_r), f(prefix + ".b_h", p.b_h, g.b_h);
}

// Given ∂L/∂h', adds the parameter gradients to `grad`, writes ∂L/∂x and ∂L/∂h.
void gru_step_backward(const GruCell& p, const GruStep& step, const Eigen::VectorXd& d_out,
                       GruCell& grad, Eigen::VectorXd& d_x, Eigen::VectorXd& d_h);

// dH: hidden × T, ∂L/∂h_t for each output (any path from later layers). Adds parameter
// gradients to `grad`, returns ∂L/∂X and writes ∂L/∂h0.
Eigen::MatrixXd gru_backward(const GruCell& p, const GruSequence& seq, const Eigen::MatrixXd& dH,
                             GruCell& grad, Eigen::VectorXd& d_h0);

}  // namespace attn
