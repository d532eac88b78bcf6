#include "core/seed_claims.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "core/additive_fit.hpp"
#include "core/checks.hpp"
#include "core/concepts.hpp"
#include "core/demo_encoder.hpp"
#include "core/encoder.hpp"
#include "core/healthy_band.hpp"
#include "core/softmax.hpp"
#include "core/sqrt_d_trials.hpp"

namespace attn {

SeedSpread seed_spread(int first_seed, int last_seed, const SeedMeasure& measure, const ClaimTest& holds) {
  require(first_seed >= 1 && first_seed <= last_seed,
          "seed_spread: seeds must run from 1 up, got " + std::to_string(first_seed) + "…" + std::to_string(last_seed));
  SeedSpread out;
  out.first_seed = first_seed;
  out.last_seed = last_seed;
  std::vector<double> values;
  for (int seed = first_seed; seed <= last_seed; ++seed) {
    const std::optional<double> x = measure(static_cast<std::uint64_t>(seed));
    if (holds(x)) ++out.holding;
    if (x) values.push_back(*x);
  }
  out.measured = static_cast<int>(values.size());
  if (values.empty()) return out;
  std::sort(values.begin(), values.end());
  const size_t mid = values.size() / 2;
  out.min = values.front();
  out.max = values.back();
  out.median = values.size() % 2 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
  return out;
}

double initial_tv(int pair_index, std::uint64_t seed) {
  const SentencePair& pair = sentence_pair(pair_index);
  const Eigen::MatrixXd S = concept_matrix(pair.tgt), H = concept_matrix(pair.src);
  FitSettings settings;  // the figure's settings; no step taken
  settings.steps = 0;
  settings.seed = seed;
  return fit_additive(softmax_rows(S * H.transpose()), S, H, settings).tv.front();
}

bool tv_about_half(double tv) { return tv >= kAboutHalfLow && tv <= kAboutHalfHigh; }

SeedSpread initial_tv_across_seeds(int pair, int first_seed, int last_seed) {
  sentence_pair(pair);  // an unknown pair is refused before any seed is tried
  return seed_spread(first_seed, last_seed, [&](std::uint64_t seed) { return std::optional<double>(initial_tv(pair, seed)); },
                     [](std::optional<double> tv) { return tv && tv_about_half(*tv); });
}

double scaled_mean_entropy(int d, std::uint64_t seed, int trials, int keys) {
  return sqrt_d_trials(d, seed, trials, keys).scaled_entropy_mean;
}

bool stays_above_one(double mean_entropy) { return mean_entropy > kScaledEntropyFloor; }

SeedSpread scaled_entropy_across_seeds(int d, int first_seed, int last_seed, int trials, int keys) {
  return seed_spread(first_seed, last_seed,
                     [&](std::uint64_t seed) { return std::optional<double>(scaled_mean_entropy(d, seed, trials, keys)); },
                     [](std::optional<double> h) { return h && stays_above_one(*h); });
}

std::optional<int> first_word_exit(double rho, int max_n, std::uint64_t seed) {
  const DemoEncoder enc = demo_encoder(max_n, rho, seed);
  const int exit = first_word_band_exit(enc.W, enc.vectors, kBandLow, kBandHigh);
  return exit > 0 ? std::optional<int>(exit) : std::nullopt;
}

SeedSpread first_word_exit_across_seeds(double rho, int max_n, int first_seed, int last_seed) {
  return seed_spread(first_seed, last_seed,
                     [&](std::uint64_t seed) -> std::optional<double> {
                       const auto exit = first_word_exit(rho, max_n, seed);
                       return exit ? std::optional<double>(*exit) : std::nullopt;
                     },
                     [](std::optional<double> exit) { return exit.has_value(); });
}

}  // namespace attn
