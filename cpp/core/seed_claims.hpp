#pragma once
// The chapter's claims that hang on a random seed the reader can change, measured at one seed
// and over a range of seeds. The text quotes what a typical seed shows; a figure whose current
// seed breaks the claim says so and gives the claim's spread over seeds 1–100, computed here.
//
//   scorers  「TV 从 0.5 左右」一路往下掉: before training, the TV distance between the random
//            additive scorer's map and the dot map lies in [0.35, 0.65].
//   sqrt-d   「除以 √d 的那行留在 1 以上」: the scaled scores' mean entropy over the five trials
//            is above 1, at the reader's d.
//   length   「1.25 这档短句还撑得住，句子一长，前面的词照样被压没」: at ρ = 1.25 the first
//            word's influence on c leaves the healthy band before the sentence is 60 words long.
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <vector>

namespace attn {

constexpr int kClaimFirstSeed = 1;
constexpr int kClaimLastSeed = 100;

// One number measured at every seed of [first_seed, last_seed], and whether the claim held.
struct SeedSpread {
  int first_seed = 0, last_seed = 0;
  int measured = 0;  // seeds at which the number exists (a word that never leaves the band has no exit length)
  double min = std::numeric_limits<double>::quiet_NaN();     // over the measured seeds
  double max = std::numeric_limits<double>::quiet_NaN();
  double median = std::numeric_limits<double>::quiet_NaN();  // of an even count: the mean of the middle two
  int holding = 0;   // seeds at which the claim holds
  int seeds() const { return last_seed - first_seed + 1; }
};

using SeedMeasure = std::function<std::optional<double>(std::uint64_t seed)>;
using ClaimTest = std::function<bool(std::optional<double>)>;
SeedSpread seed_spread(int first_seed, int last_seed, const SeedMeasure& measure, const ClaimTest& holds);

// The same, measured a few seeds at a time (work spread over a page's idle time): measure(k)
// takes up to k more seeds and says whether every seed is measured; spread() measures whatever
// is left and gives the result, kept for the next call.
class SeedSpreadInSlices {
 public:
  SeedSpreadInSlices(int first_seed, int last_seed, SeedMeasure measure, ClaimTest holds);
  bool measure(int seeds);
  const SeedSpread& spread();
  int first_seed() const { return first_seed_; }
  int last_seed() const { return last_seed_; }
  int measured_seeds() const { return next_ - first_seed_; }
  bool measured_all() const { return next_ > last_seed_; }
  // Seeds measured by every spread of this process so far: lets a test check that a move
  // measures none (figures/claim_value.hpp).
  static long seeds_measured_anywhere() { return measured_anywhere_; }

 private:
  int first_seed_, last_seed_, next_;
  SeedMeasure measure_;
  ClaimTest holds_;
  std::vector<double> values_;  // the measured seeds' numbers
  int holding_ = 0;
  std::optional<SeedSpread> spread_;
  static inline long measured_anywhere_ = 0;
};

// scorers: TV at step 0 for sentence pair `pair`, with W₁, W₂, v drawn from `seed` exactly as
// the figure's fit draws them (core/additive_fit's calibrated settings).
constexpr double kAboutHalfLow = 0.35;
constexpr double kAboutHalfHigh = 0.65;
double initial_tv(int pair, std::uint64_t seed);
bool tv_about_half(double tv);
SeedSpread initial_tv_across_seeds(int pair, int first_seed = kClaimFirstSeed, int last_seed = kClaimLastSeed);
SeedSpreadInSlices initial_tv_in_slices(int pair, int first_seed = kClaimFirstSeed, int last_seed = kClaimLastSeed);

// sqrt-d: mean entropy of α over `trials` trials of the scaled scores s·h/√d.
constexpr double kScaledEntropyFloor = 1.0;  // 「留在 1 以上」
double scaled_mean_entropy(int d, std::uint64_t seed, int trials = 5, int keys = 5);
bool stays_above_one(double mean_entropy);
SeedSpread scaled_entropy_across_seeds(int d, int first_seed = kClaimFirstSeed, int last_seed = kClaimLastSeed,
                                       int trials = 5, int keys = 5);
SeedSpreadInSlices scaled_entropy_in_slices(int d, int first_seed = kClaimFirstSeed, int last_seed = kClaimLastSeed,
                                            int trials = 5, int keys = 5);

// length: the first sentence length n ≤ max_n at which ‖∂c/∂w₁‖ is outside the healthy band
// (core/healthy_band), for the demo encoder at memory level ρ; none if it stays inside.
std::optional<int> first_word_exit(double rho, int max_n, std::uint64_t seed);
SeedSpread first_word_exit_across_seeds(double rho, int max_n, int first_seed = kClaimFirstSeed,
                                        int last_seed = kClaimLastSeed);
SeedSpreadInSlices first_word_exit_in_slices(double rho, int max_n, int first_seed = kClaimFirstSeed,
                                             int last_seed = kClaimLastSeed);

}  // namespace attn
