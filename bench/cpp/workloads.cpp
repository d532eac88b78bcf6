#include "workloads.hpp"

#include <chrono>
#include <memory>
#include <stdexcept>

#include "train_workload.hpp"
#include "core/additive_fit.hpp"
#include "core/concepts.hpp"
#include "core/demo_encoder.hpp"
#include "core/encoder.hpp"
#include "core/orthogonal.hpp"
#include "core/rng.hpp"
#include "core/softmax.hpp"
#include "core/sqrt_d_trials.hpp"
#include "figures/eigen_value.hpp"

namespace attn::bench {
namespace {

// Keeps the optimiser from dropping a result nobody reads.
volatile double sink = 0;

}  // namespace

EncoderInput encoder_input(int n) {
  constexpr int k = DemoEncoder::kWidth;
  EncoderInput in;
  in.W = random_orthogonal(k, derive_seed(kDemoSeed, 0x5157));  // demo_encoder's Q; ρ = 1
  in.words.resize(n, k);
  for (int j = 0; j < n; ++j) {
    Rng rng(derive_seed(kDemoSeed, 1000 + static_cast<std::uint64_t>(j)));
    in.words.row(j) = rng.normal_vector(k, DemoEncoder::kWordStddev).transpose();
  }
  return in;
}

EncoderOutput encoder_workload(const EncoderInput& in) {
  const EncoderTrace trace = encode(in.W, in.words);
  EncoderOutput out;
  out.context = row_major(trace.context().transpose());
  for (const auto& jac : context_jacobians(in.W, trace)) {
    const std::vector<double> block = row_major(jac);
    out.jacobians.insert(out.jacobians.end(), block.begin(), block.end());
    out.norms.push_back(spectral_norm(jac));
  }
  return out;
}

SqrtDOutput sqrt_d_workload(int d) {
  const SqrtDSummary s = sqrt_d_trials(d, kSqrtDSeed, kSqrtDTrials, kSqrtDKeys);
  SqrtDOutput out;
  for (const auto& t : s.trials) {
    out.raw_entropy.push_back(t.raw.entropy);
    out.raw_range.push_back(t.raw.range);
    out.scaled_entropy.push_back(t.scaled.entropy);
    out.scaled_range.push_back(t.scaled.range);
  }
  out.raw_entropy_mean = s.raw_entropy_mean;
  out.scaled_entropy_mean = s.scaled_entropy_mean;
  return out;
}

SqrtDDraws sqrt_d_draws(int d) {
  SqrtDDraws draws{Eigen::MatrixXd(kSqrtDTrials, d), Eigen::MatrixXd(kSqrtDTrials * kSqrtDKeys, d)};
  for (int t = 0; t < kSqrtDTrials; ++t) {
    Rng rng(derive_seed(kSqrtDSeed, static_cast<std::uint64_t>(t)));  // as sqrt_d_trials seeds trial t
    draws.s_all.row(t) = rng.normal_vector(d).transpose();
    draws.keys_all.middleRows(t * kSqrtDKeys, kSqrtDKeys) = rng.normal_matrix(kSqrtDKeys, d);
  }
  return draws;
}

FitInput fit_input(int pair_index) {
  const SentencePair& pair = sentence_pair(pair_index);
  FitInput in;
  in.S = concept_matrix(pair.tgt);
  in.H = concept_matrix(pair.src);
  in.target = softmax_rows(in.S * in.H.transpose());  // the dot map, as the scorers figure builds it
  const FitSettings defaults;
  Rng rng(kFitSeed);  // fit_additive's first draws, in its order: W₁, W₂, v
  const AdditiveScorer init = random_additive_scorer(defaults.attn_dim, static_cast<int>(in.H.cols()),
                                                     static_cast<int>(in.S.cols()), defaults.w_stddev,
                                                     defaults.v_stddev, rng);
  in.W1 = init.W1;
  in.W2 = init.W2;
  in.v = init.v;
  in.learning_rate = defaults.learning_rate;
  return in;
}

FitOutput fit_workload(const FitInput& in) {
  FitSettings settings;
  settings.steps = kFitSteps;
  settings.seed = kFitSeed;
  const FitTrajectory fit = fit_additive(in.target, in.S, in.H, settings);
  return FitOutput{fit.loss, fit.tv, row_major(fit.maps.back())};
}

std::vector<double> time_workload(const std::string& name, int size, int reps, int batch) {
  using Clock = std::chrono::steady_clock;
  EncoderInput encoder;
  FitInput fit;
  std::unique_ptr<Figure2Run> training;
  if (name == "encoder") encoder = encoder_input(size);
  else if (name == "fit") fit = fit_input(size);
  else if (name == "train") training = train_workload_run(size);
  else if (name != "sqrt-d") throw std::invalid_argument("unknown workload '" + name + "'");
  const auto once = [&] {
    if (name == "encoder") sink = sink + encoder_workload(encoder).norms.back();
    else if (name == "fit") sink = sink + fit_workload(fit).loss.back();
    else if (name == "train") sink = sink + train_workload(*training).back();
    else sink = sink + sqrt_d_workload(size).raw_entropy_mean;
  };
  once();  // warm-up: caches, lazy statics, first-touch of memory
  std::vector<double> ms_per_call;
  for (int r = 0; r < reps; ++r) {
    const auto start = Clock::now();
    for (int b = 0; b < batch; ++b) once();
    ms_per_call.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count() / batch);
  }
  return ms_per_call;
}

}  // namespace attn::bench
