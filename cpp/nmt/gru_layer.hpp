#pragma once
// A trainable GRU: gru_cell's equations, one step or a whole sequence, with the activations
// cached for backpropagation through time.
//   z = σ(W_z x + U_z h + b_z),  r = σ(W_r x + U_r h + b_r)
//   h̃ = tanh(W_h x + U_h (r ⊙ h) + b_h),   h' = (1 − z) ⊙ h + z ⊙ h̃
// Parameters and their gradients are both GruCell structs (same shapes).
#include <Eigen/Dense>
#include <string>
#include <vector>

#include "core/gru_cell.hpp"

namespace attn {

// Applies f(name, parameter, gradient) to each of the nine blocks.
template <class F>
void visit_gru(const std::string& prefix, GruCell& p, GruCell& g, F&& f) {
  f(prefix + ".W_z", p.W_z, g.W_z), f(prefix + ".W_r", p.W_r, g.W_r), f(prefix + ".W_h", p.W_h, g.W_h);
  f(prefix + ".U_z", p.U_z, g.U_z), f(prefix + ".U_r", p.U_r, g.U_r), f(prefix + ".U_h", p.U_h, g.U_h);
  f(prefix + ".b_z", p.b_z, g.b_z), f(prefix + ".b_r", p.b_r, g.b_r), f(prefix + ".b_h", p.b_h, g.b_h);
}

GruCell zero_gru_like(const GruCell& cell);  // same shapes, all zero: a gradient accumulator

struct GruStepCache {
  Eigen::VectorXd x, h;    // the step's input and previous state
  Eigen::VectorXd z, r;    // gates
  Eigen::VectorXd rh;      // r ⊙ h
  Eigen::VectorXd cand;    // h̃
  Eigen::VectorXd out;     // h' = h + z ⊙ (h̃ − h)
};

// One step: fills `cache` (its `out` is h').
void gru_step_forward(const GruCell& p, const Eigen::VectorXd& x, const Eigen::VectorXd& h,
                      GruStepCache& cache);

// Given ∂L/∂h', adds the parameter gradients to `grad`, writes ∂L/∂x and ∂L/∂h.
void gru_step_backward(const GruCell& p, const GruStepCache& cache, const Eigen::VectorXd& d_out,
                       GruCell& grad, Eigen::VectorXd& d_x, Eigen::VectorXd& d_h);

struct GruSequence {
  std::vector<GruStepCache> steps;  // steps[t].out = h_{t+1}
  Eigen::MatrixXd states;           // hidden × T, column t = h_{t+1}
};

// X: input × T (column t = x_{t+1}); h0: initial state.
GruSequence gru_forward(const GruCell& p, const Eigen::MatrixXd& X, const Eigen::VectorXd& h0);

// dH: hidden × T, ∂L/∂h_t for each output (any path from later layers). Adds parameter
// gradients to `grad`, returns ∂L/∂X and writes ∂L/∂h0.
Eigen::MatrixXd gru_backward(const GruCell& p, const GruSequence& seq, const Eigen::MatrixXd& dH,
                             GruCell& grad, Eigen::VectorXd& d_h0);

}  // namespace attn
