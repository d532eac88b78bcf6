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

struct AdditiveGradient {
  Eigen::MatrixXd W1, W2;
  Eigen::VectorXd v;
};

// The intermediate matrices of one forward and one backward pass. A fit keeps one across its
// steps, so that its passes allocate nothing once the first step has sized them (they had made
// about 10,000 small allocations in a 500-step fit).
struct AdditiveScratch {
  Eigen::MatrixXd from_h, from_s;  // W₁h_j in column j, W₂s_i in column i
  Eigen::ArrayXXd exp_h, exp_s;    // e^{2·from_h}, e^{2·from_s}
  Eigen::VectorXd flat;            // e_ij (forward), then g_ij (backward), at i·n_src + j
  Eigen::MatrixXd da;              // ∂L/∂a_ij, laid out as z
  Eigen::MatrixXd by_src, by_tgt;  // Σ_i ∂L/∂a_ij in column j, Σ_j ∂L/∂a_ij in column i
};

// S: decoder states, one per row (n_tgt × k_tgt). H: encoder memories (n_src × k_src).
// Writes into `out`, reusing its storage and the scratch's.
void additive_forward(const AdditiveScorer& scorer, const Eigen::MatrixXd& S,
                      const Eigen::MatrixXd& H, AdditiveForward& out, AdditiveScratch& scratch);
AdditiveForward additive_forward(const AdditiveScorer& scorer, const Eigen::MatrixXd& S,
                                 const Eigen::MatrixXd& H);

// Given G = ∂L/∂E (n_tgt × n_src), the gradient of L wrt W₁, W₂ and v, written into `grad`.
void additive_backward(const AdditiveScorer& scorer, const Eigen::MatrixXd& S,
                       const Eigen::MatrixXd& H, const AdditiveForward& forward,
                       const Eigen::MatrixXd& G, AdditiveGradient& grad, AdditiveScratch& scratch);
AdditiveGradient additive_backward(const AdditiveScorer& scorer, const Eigen::MatrixXd& S,
                                   const Eigen::MatrixXd& H, const AdditiveForward& forward,
                                   const Eigen::MatrixXd& G);

}  // namespace attn
