#pragma once
// The chapter's heavy computations as benchmark workloads, with their inputs, so that the
// native build, the WASM build and TensorFlow.js (bench/core) time and check the same work.
// Compiled only for the benchmark (bench/cpp/CMakeLists.txt), against the libraries the normal
// builds produce.
#include <Eigen/Dense>
#include <string>
#include <vector>

namespace attn::bench {

// §1: ∂c/∂w_j for all j and their spectral norms, k = 16. W = ρQ exactly as demo_encoder makes
// it (ρ = 1, seed 8); word j's vector is seeded as demo_encoder seeds vocabulary entry j, so
// n can go past the demo sentence's 61 words.
struct EncoderInput {
  Eigen::MatrixXd W;      // 16×16
  Eigen::MatrixXd words;  // n×16
};
EncoderInput encoder_input(int n);

struct EncoderOutput {
  std::vector<double> context;    // c = h_n
  std::vector<double> jacobians;  // n blocks of 16×16, row-major: ∂c_r/∂w_j[s] at j·256 + r·16 + s
  std::vector<double> norms;      // ‖∂c/∂w_j‖₂
};
// What core.encoderJacobians computes: encode, context_jacobians, spectral_norm of each.
EncoderOutput encoder_workload(const EncoderInput& in);

// §4: sqrt_d_trials at d = 512 (5 trials of 5 keys, seed 1), as the `sqrt-d` figure runs them.
constexpr int kSqrtDTrials = 5, kSqrtDKeys = 5, kSqrtDSeed = 1;
struct SqrtDOutput {
  std::vector<double> raw_entropy, raw_range, scaled_entropy, scaled_range;  // per trial
  double raw_entropy_mean = 0, scaled_entropy_mean = 0;
};
SqrtDOutput sqrt_d_workload(int d);
// The normal draws sqrt_d_trial makes (query s, then the keys row by row), for TF.js to score
// the same numbers: s_all is trials×d, keys_all is (trials·keys)×d.
struct SqrtDDraws {
  Eigen::MatrixXd s_all, keys_all;
};
SqrtDDraws sqrt_d_draws(int d);

// §3: the 500-step SGD fit of the additive scorer to the dot map of a sentence pair, exactly as
// the `scorers` figure trains it for (pair, seed): S, H = concept vectors, target =
// softmax_rows(S·Hᵀ), FitSettings defaults with steps = 500.
constexpr int kFitSteps = 500, kFitSeed = 1;
struct FitInput {
  Eigen::MatrixXd S, H, target;
  Eigen::MatrixXd W1, W2;  // the initial weights fit_additive draws for kFitSeed
  Eigen::VectorXd v;
  double learning_rate = 0;
};
FitInput fit_input(int pair);

struct FitOutput {
  std::vector<double> loss, tv;    // steps + 1 values each
  std::vector<double> final_map;   // n_tgt × n_src, row-major, after the last step
};
FitOutput fit_workload(const FitInput& in);

// Runs workload `name` ("encoder", "sqrt-d", "fit", "train") of size `size` (n, d, the pair or
// the model of train_workload.hpp) `batch` times per repetition; returns the milliseconds per
// call of each of `reps` repetitions, after one untimed warm-up call. The same code times the
// native and the WASM build.
std::vector<double> time_workload(const std::string& name, int size, int reps, int batch);

}  // namespace attn::bench
