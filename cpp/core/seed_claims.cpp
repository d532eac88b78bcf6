#include "core/seed_claims.hpp"

#include <algorithm>
#include <string>
#include <utility>
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

SeedSpreadInSlices::SeedSpreadInSlices(int first_seed, int last_seed, SeedMeasure measure, ClaimTest holds)
    : first_seed_(first_seed), last_seed_(last_seed), next_(first_seed), measure_(std::move(measure)), holds_(std::move(holds)) {
  require(first_seed >= 1 && first_seed <= last_seed,
          "seed_spread: seeds must run from 1 up, got " + std::to_string(first_seed) + "…" + std::to_string(last_seed));
}

bool SeedSpreadInSlices::measure(int seeds) {
  for (; seeds > 0 && next_ <= last_seed_; --seeds, ++next_) {
    const std::optional<double> x = measure_(static_cast<std::uint64_t>(next_));
    if (holds_(x)) ++holding_;
    if (x) values_.push_back(*x);
    ++measured_anywhere_;
  }
  return next_ > last_seed_;
}

const SeedSpread& SeedSpreadInSlices::spread() {
  if (spread_) return *spread_;
  measure(last_seed_ - next_ + 1);
  SeedSpread& out = spread_.emplace();
  out.first_seed = first_seed_;
  out.last_seed = last_seed_;
  out.holding = holding_;
  out.measured = static_cast<int>(values_.size());
  if (values_.empty()) return out;
  std::vector<double> values = values_;
  std::sort(values.begin(), values.end());
  const size_t mid = values.size() / 2;
  out.min = values.front();
  out.max = values.back();
  out.median = values.size() % 2 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
  return out;
}

SeedSpread seed_spread(int first_seed, int last_seed, const SeedMeasure& measure, const ClaimTest& holds) {
  return SeedSpreadInSlices(first_seed, last_seed, measure, holds).spread();
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
  return initial_tv_in_slices(pair, first_seed, last_seed).spread();
}

SeedSpreadInSlices initial_tv_in_slices(int pair, int first_seed, int last_seed) {
  sentence_pair(pair);  // an unknown pair is refused before any seed is tried
  return SeedSpreadInSlices(first_seed, last_seed, [=](std::uint64_t seed) { return std::optional<double>(initial_tv(pair, seed)); },
                            [](std::optional<double> tv) { return tv && tv_about_half(*tv); });
}

double scaled_mean_entropy(int d, std::uint64_t seed, int trials, int keys) {
  return sqrt_d_trials(d, seed, trials, keys).scaled_entropy_mean;
}

bool stays_above_one(double mean_entropy) { return mean_entropy > kScaledEntropyFloor; }

SeedSpread scaled_entropy_across_seeds(int d, int first_seed, int last_seed, int trials, int keys) {
  return scaled_entropy_in_slices(d, first_seed, last_seed, trials, keys).spread();
}

SeedSpreadInSlices scaled_entropy_in_slices(int d, int first_seed, int last_seed, int trials, int keys) {
  return SeedSpreadInSlices(first_seed, last_seed,
                            [=](std::uint64_t seed) { return std::optional<double>(scaled_mean_entropy(d, seed, trials, keys)); },
                            [](std::optional<double> h) { return h && stays_above_one(*h); });
}

std::optional<int> first_word_exit(double rho, int max_n, std::uint64_t seed) {
  const DemoEncoder enc = demo_encoder(max_n, rho, seed);
  const int exit = first_word_band_exit(enc.W, enc.vectors, kBandLow, kBandHigh);
  return exit > 0 ? std::optional<int>(exit) : std::nullopt;
}

SeedSpread first_word_exit_across_seeds(double rho, int max_n, int first_seed, int last_seed) {
  return first_word_exit_in_slices(rho, max_n, first_seed, last_seed).spread();
}

SeedSpreadInSlices first_word_exit_in_slices(double rho, int max_n, int first_seed, int last_seed) {
  return SeedSpreadInSlices(first_seed, last_seed,
                            [=](std::uint64_t seed) -> std::optional<double> {
                              const auto exit = first_word_exit(rho, max_n, seed);
                              return exit ? std::optional<double>(*exit) : std::nullopt;
                            },
                            [](std::optional<double> exit) { return exit.has_value(); });
}

}  // namespace attn
