#pragma once
// Training the additive scorer to draw a given alignment map (the dot map of the scorers
// figure): real backprop + SGD, every step recorded, so a slider over the steps only looks up.
#include <Eigen/Dense>
#include <cstdint>
#include <vector>

#include "core/additive_scorer.hpp"

namespace attn {

// The fitting loss: mean over target rows of the cross-entropy toward the target map Q,
//   L = (1/n_tgt) Σ_i Σ_j −q_ij ln p_ij,   p_i = softmax(e_i).
// Computed from the scores with a log-softmax (ln p = e − max − ln Σ exp(e − max)), so a p that
// underflows to 0 never yields ln 0; terms with q_ij = 0 contribute 0.
double cross_entropy_to_target(const Eigen::MatrixXd& scores, const Eigen::MatrixXd& target);
// ∂L/∂e_ij = (p_ij Σ_k q_ik − q_ij) / n_tgt   (= (p − q)/n_tgt for rows of Q that sum to 1)
Eigen::MatrixXd cross_entropy_to_target_backward(const Eigen::MatrixXd& scores,
                                                 const Eigen::MatrixXd& target);

// The calibrated defaults, for the chapter's 5×5 maps of 8-dim concept vectors. Measured over
// all 999 seeds the scorers figure offers (tests/cpp/additive_fit_test.cpp checks a sample):
//  - attn_dim 8: W₁, W₂ are 8×8 like the ledger's h×h at h = 8, so 2·8² + 8 = 136 parameters.
//  - W₁, W₂ ~ N(0, 1): with ‖h‖, ‖s‖ ≈ 1.1, tanh's inputs W₁h + W₂s spread ≈ 1.55, its
//    working range (neither linear nor saturated).
//  - v ~ N(0, 1.25²): sets how opinionated the random scorer is. The chapter's "TV ≈ 0.5 at step
//    0" is a random scorer with alignments of its own: mean TV at step 0 is 0.49 (≈ 81% of seeds
//    within 0.35–0.65; the rest 0.2–0.8). A near-zero init would instead start near uniform,
//    at TV(uniform, dot map) ≈ 0.24, and show less.
//  - learning rate 0.5: every seed is below TV 0.05 by step 500 (median step ≈ 80, slowest
//    ≈ 300), so the slider shows the descent rather than a jump. At 1.0 it is done by step ~35.
struct FitSettings {
  int steps = 500;
  int attn_dim = 8;
  double w_stddev = 1.0;
  double v_stddev = 1.25;
  double learning_rate = 0.5;
  std::uint64_t seed = 1;
};

// The map of every step of a fit, all in one allocation (column t holds maps[t], column-major).
// As 501 matrices of their own, the 25 numbers of each came with an allocation's header, and
// the heap's allocated bytes swung by hundreds of bytes with where the blocks of one fit fell
// among those another had freed (bench/README.md).
class StepMaps {
 public:
  // Empties it, with room for `count` maps of rows × cols (one allocation; push_back adds none).
  void reset(Eigen::Index count, Eigen::Index rows, Eigen::Index cols) {
    rows_ = rows;
    cols_ = cols;
    storage_.resize(rows * cols, count);
    size_ = 0;
  }
  template <class Derived>
  void push_back(const Eigen::MatrixBase<Derived>& map) {
    Eigen::Map<Eigen::MatrixXd>(storage_.col(size_).data(), rows_, cols_) = map;
    ++size_;
  }
  size_t size() const { return static_cast<size_t>(size_); }
  Eigen::Map<const Eigen::MatrixXd> operator[](size_t t) const {
    const double* first = storage_.col(static_cast<Eigen::Index>(t)).data();
    return Eigen::Map<const Eigen::MatrixXd>(first, rows_, cols_);
  }
  Eigen::Map<const Eigen::MatrixXd> back() const { return (*this)[size() - 1]; }

 private:
  Eigen::MatrixXd storage_;
  Eigen::Index rows_ = 0, cols_ = 0, size_ = 0;
};

struct FitTrajectory {
  std::vector<double> loss;  // loss[t]: after t steps, t = 0 … steps
  std::vector<double> tv;    // tv[t] = tv_distance(maps[t], target)
  StepMaps maps;             // maps[t]: the additive map α after t steps
  AdditiveScorer scorer;     // the scorer after the last step
  int parameter_count = 0;
};

// S: decoder states (n_tgt × k), H: encoder memories (n_src × k), target: n_tgt × n_src with
// rows that are distributions. W₁, W₂, v start random from settings.seed (deterministic), then
// each step is one backprop + SGD update θ ← θ − η ∂L/∂θ. The training set is the one map, so
// the "batch" of every step is all of it.
FitTrajectory fit_additive(const Eigen::MatrixXd& target, const Eigen::MatrixXd& S,
                           const Eigen::MatrixXd& H, const FitSettings& settings = {});

// Whether fit_additive runs these shapes on sizes fixed at compile time: the scorers figure's
// (attn_dim 8, the chapter's 8-number concept vectors, 5 target and 5 source words).
bool fit_runs_on_fixed_sizes(const Eigen::MatrixXd& S, const Eigen::MatrixXd& H,
                             const FitSettings& settings = {});

// The same fit with every matrix of dynamic size, as fit_additive runs any other shape: the
// reference the tests hold the figure's fit to.
FitTrajectory fit_additive_on_dynamic_sizes(const Eigen::MatrixXd& target,
                                            const Eigen::MatrixXd& S, const Eigen::MatrixXd& H,
                                            const FitSettings& settings = {});

}  // namespace attn
