#pragma once
// Bahdanau's additive scorer over a whole alignment map, forward and backward:
//   a_ij = W₁h_j + W₂s_i,   z_ij = tanh(a_ij),   e_ij = vᵀ z_ij
// with W₁: attn_dim × k_src, W₂: attn_dim × k_tgt, v: attn_dim.
#include <Eigen/Dense>

#include "core/rng.hpp"

namespace attn {

struct AdditiveScorer {
  Eigen::MatrixXd W1;  // attn_dim × k_src, applied to the encoder memory h
  Eigen::MatrixXd W2;  // attn_dim × k_tgt, applied to the decoder state s
  Eigen::VectorXd v;   // attn_dim

  int attn_dim() const { return static_cast<int>(v.size()); }
  int parameter_count() const { return static_cast<int>(W1.size() + W2.size() + v.size()); }
};

// Entries of W₁ and W₂ drawn N(0, w_stddev²), of v N(0, v_stddev²), in that order from `rng`.
AdditiveScorer random_additive_scorer(int attn_dim, int k_src, int k_tgt, double w_stddev,
                                      double v_stddev, Rng& rng);

// What the forward pass keeps for the backward one.
struct AdditiveForward {
  Eigen::MatrixXd scores;  // E: e_ij, n_tgt × n_src
  Eigen::MatrixXd z;  // z_ij = tanh(W₁h_j + W₂s_i) in column i·n_src + j: attn_dim × (n_tgt·n_src)
};

// S: decoder states, one per row (n_tgt × k_tgt). H: encoder memories (n_src × k_src).
AdditiveForward additive_forward(const AdditiveScorer& scorer, const Eigen::MatrixXd& S,
                                 const Eigen::MatrixXd& H);

struct AdditiveGradient {
  Eigen::MatrixXd W1, W2;
  Eigen::VectorXd v;
};

// Given G = ∂L/∂E (n_tgt × n_src), the gradient of L wrt W₁, W₂ and v.
AdditiveGradient additive_backward(const AdditiveScorer& scorer, const Eigen::MatrixXd& S,
                                   const Eigen::MatrixXd& H, const AdditiveForward& forward,
                                   const Eigen::MatrixXd& G);

}  // namespace attn
