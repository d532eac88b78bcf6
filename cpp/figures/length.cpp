// Figure `length` (§1 同一盘沙盘的第二个视角): how long before the first word is gone.
// For each source length n = 1…60, ‖∂c/∂w₁‖₂ of the first word, at three memory levels ρ.
#include <cstdint>
#include <optional>

#include "core/demo_encoder.hpp"
#include "core/encoder.hpp"
#include "core/seed_claims.hpp"
#include "figures/claim_value.hpp"
#include "figures/encoder_band.hpp"
#include "figures/recent_cache.hpp"
#include "figures/registry.hpp"
#include "figures/seed_neighbours.hpp"

namespace attn {
namespace {

constexpr int kMaxLength = 60;
const std::vector<double> kLevels = {0.5, 1.0, 1.25};  // 「记忆保留率」三档

Value length_curve(double rho, std::uint64_t seed) {
  const DemoEncoder enc = demo_encoder(kMaxLength, rho, seed);
  const std::vector<double> norms = first_word_influence(enc.W, enc.vectors);
  std::vector<double> n(norms.size());
  for (size_t i = 0; i < n.size(); ++i) n[i] = static_cast<double>(i + 1);
  Value curve = Value::object();
  curve.set("rho", rho).set("n", Value(n)).set("norms", Value(norms));
  const int exit = band_exit(norms);
  curve.set("exit_n", exit > 0 ? Value(exit) : Value());
  return curve;
}

// The three curves depend only on the seed; the level only says which one is emphasised.
Value curves_for_seed(int seed) {
  Value::Array curves;
  for (double rho : kLevels) curves.push_back(length_curve(rho, static_cast<std::uint64_t>(seed)));
  return Value(std::move(curves));
}

// The claim's spread: the ρ = 1.25 curve's exit at each of seeds 1–100. A hundred encoders held
// the page's thread ~150 ms, so prepare() measures a few seeds at a time, in idle time, from the
// first draw on (seed 1 already breaks the claim): a move never waits for it.
constexpr int kSpreadSlice = 5;  // seeds per prepare() call: ~7 ms in the page

SeedSpreadInSlices& long_sentences() {
  static SeedSpreadInSlices spread = first_word_exit_in_slices(kLevels.back(), kMaxLength);
  return spread;
}

// 「1.25 这档短句还撑得住，句子一长，前面的词照样被压没」: the ρ = 1.25 curve leaves the band
// within n ≤ 60; a seed at which it does not is set against seeds 1–100.
Value long_sentences_fall_out_claim(const Value& curves) {
  const Value& exit = curves.as_array().back().at("exit_n");  // the last level is ρ = 1.25
  return claim_value(!exit.is_null(), exit, long_sentences)
      .set("rho", kLevels.back())
      .set("max_n", kMaxLength);
}

// The curves of the last few seeds asked for or prepared: moving the level redraws from memory.
struct SeedCurves {
  RecentCache<int, Value> cache{4};  // the seed drawn, its two neighbours, one more
  std::optional<int> drawn;          // the seed of the last compute()
};

SeedCurves& seed_curves() {
  static SeedCurves state;
  return state;
}

Value compute_length(const Params& p) {
  auto& state = seed_curves();
  const int seed = as_int(p, "seed");
  state.drawn = seed;
  Value data = Value::object();
  const Value& curves = state.cache.get(seed, [&] { return curves_for_seed(seed); });
  data.set("curves", curves);
  data.set("current", as_int(p, "level"));
  data.set("band", band_value());
  data.set("norm", "spectral");
  data.set("claims", Value::object().set("long_sentences_fall_out", long_sentences_fall_out_claim(curves)));
  return data;
}

// A new seed costs three encoders of 60 words (~4 ms in the page, a phone four times that), the
// figure's costliest move: its neighbours are computed ahead, after the claim's spread.
constexpr int kFirstSeed = 1, kLastSeed = 9999;  // the seed slider's range (make_length)

bool prepare_length() {
  if (!long_sentences().measure(kSpreadSlice)) return false;
  auto& state = seed_curves();
  if (!state.drawn) return true;
  return prepare_seed_neighbours(
      *state.drawn, kFirstSeed, kLastSeed, [&](int seed) { return state.cache.contains(seed); },
      [&](int seed) { state.cache.get(seed, [&] { return curves_for_seed(seed); }); });
}

}  // namespace

Figure make_length() {
  return Figure{
      "length",
      "同一盘沙盘的第二个视角 · 句子多长会崩",
      {
          {"level", "记忆保留率", 0, 2, 1, 1, {"ρ = 0.5", "ρ = 1.0", "ρ = 1.25"}, "rho"},
          {"seed", "随机种子", kFirstSeed, kLastSeed, 1, kDemoSeed, {}, ""},
      },
      compute_length,
      prepare_length,
  };
}

}  // namespace attn
