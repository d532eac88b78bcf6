#pragma once
// Bahdanau's additive scorer over a whole alignment map, forward and backward:
//   a_ij = W₁h_j + W₂s_i,   z_ij = tanh(a_ij),   e_ij = vᵀ z_ij
// with W₁: attn_dim × k_src, W₂: attn_dim × k_tgt, v: attn_dim.
#include <Eigen/Dense>

#include "core/rng.hpp"

namespace attn {

// The sizes of the scorer's matrices: Eigen::Dynamic for any (AnyAdditiveShapes, the public
// functions below), or fixed when compiled. Fixed, Eigen keeps the matrices on the stack and
// loops over sizes it knows: the scorers figure's 500-step fit runs a fifth faster natively
// and over a quarter faster in WebAssembly so (additive_fit.cpp). The passes are written once,
// over either (additive_passes.hpp).
template <int AttnDim, int KSrc, int KTgt, int NSrc, int NTgt>
struct AdditiveShapes {
  static constexpr int kPairs =
      (NSrc == Eigen::Dynamic || NTgt == Eigen::Dynamic) ? Eigen::Dynamic : NSrc * NTgt;
  using W1 = Eigen::Matrix<double, AttnDim, KSrc>;
  using W2 = Eigen::Matrix<double, AttnDim, KTgt>;
  using V = Eigen::Matrix<double, AttnDim, 1>;
  using Memories = Eigen::Matrix<double, NSrc, KSrc>;  // H, one row per source word
  using States = Eigen::Matrix<double, NTgt, KTgt>;    // S, one row per target word
  using Map = Eigen::Matrix<double, NTgt, NSrc>;       // E, ∂L/∂E, an alignment map
  using MapRows = Eigen::Matrix<double, NTgt, 1>;      // one number per target row
  using PerPair = Eigen::Matrix<double, AttnDim, kPairs>;  // z_ij, ∂L/∂a_ij in column i·n_src + j
  using PairValues = Eigen::Matrix<double, kPairs, 1>;     // e_ij or g_ij at i·n_src + j
  using BySrc = Eigen::Matrix<double, AttnDim, NSrc>;
  using ByTgt = Eigen::Matrix<double, AttnDim, NTgt>;
};
using AnyAdditiveShapes = AdditiveShapes<Eigen::Dynamic, Eigen::Dynamic, Eigen::Dynamic,
                                         Eigen::Dynamic, Eigen::Dynamic>;

template <class Shapes>
struct AdditiveScorerOf {
  typename Shapes::W1 W1;  // attn_dim × k_src, applied to the encoder memory h
  typename Shapes::W2 W2;  // attn_dim × k_tgt, applied to the decoder state s
  typename Shapes::V v;    // attn_dim

  int attn_dim() const { return static_cast<int>(v.size()); }
  int parameter_count() const { return static_cast<int>(W1.size() + W2.size() + v.size()); }
};
using AdditiveScorer = AdditiveScorerOf<AnyAdditiveShapes>;

// Entries of W₁ and W₂ drawn N(0, w_stddev²), of v N(0, v_stddev²), in that order from `rng`.
AdditiveScorer random_additive_scorer(int attn_dim, int k_src, int k_tgt, double w_stddev,
                                      double v_stddev, Rng& rng);

// What the forward pass keeps for the backward one.
template <class Shapes>
struct AdditiveForwardOf {
  typename Shapes::Map scores;  // E: e_ij, n_tgt × n_src
  typename Shapes::PerPair z;   // z_ij = tanh(W₁h_j + W₂s_i) in column i·n_src + j
};
using AdditiveForward = AdditiveForwardOf<AnyAdditiveShapes>;

template <class Shapes>
struct AdditiveGradientOf {
  typename Shapes::W1 W1;
  typename Shapes::W2 W2;
  typename Shapes::V v;
};
using AdditiveGradient = AdditiveGradientOf<AnyAdditiveShapes>;

// The intermediate matrices of one forward and one backward pass. A fit keeps one across its
// steps, so that its passes allocate nothing once the first step has sized them (they had made
// about 10,000 small allocations in a 500-step fit).
template <class Shapes>
struct AdditiveScratchOf {
  typename Shapes::BySrc from_h;  // W₁h_j in column j
  typename Shapes::ByTgt from_s;  // W₂s_i in column i
  Eigen::Array<double, Shapes::BySrc::RowsAtCompileTime, Shapes::BySrc::ColsAtCompileTime> exp_h;
  Eigen::Array<double, Shapes::ByTgt::RowsAtCompileTime, Shapes::ByTgt::ColsAtCompileTime> exp_s;
  typename Shapes::PairValues flat;  // e_ij (forward), then g_ij (backward), at i·n_src + j
  typename Shapes::PerPair da;       // ∂L/∂a_ij, laid out as z
  typename Shapes::BySrc by_src;     // Σ_i ∂L/∂a_ij in column j
  typename Shapes::ByTgt by_tgt;     // Σ_j ∂L/∂a_ij in column i
};
using AdditiveScratch = AdditiveScratchOf<AnyAdditiveShapes>;

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
