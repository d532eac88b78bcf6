// Figure `sqrt-d` (§4 互动 · 为什么非要除以 √d): five random trials of five dot-product scores in
// d dimensions, raw and divided by √d. Left: the means over the trials of the score range and
// of the entropy of α, against the uniform bound ln 5. Right: the most typical trial as bars.
#include <cmath>
#include <optional>

#include "core/seed_claims.hpp"
#include "core/sqrt_d_trials.hpp"
#include "figures/claim_value.hpp"
#include "figures/eigen_value.hpp"
#include "figures/recent_cache.hpp"
#include "figures/registry.hpp"

namespace attn {
namespace {

constexpr int kTrials = 5;
constexpr int kKeys = 5;  // five source words, as in the chapter's example

Value row_value(const ScoredRow& row) {
  Value v = Value::object();
  v.set("scores", numbers(row.scores)).set("alpha", numbers(row.alpha));
  v.set("entropy", row.entropy).set("range", row.range);
  return v;
}

// Each trial's entropy and range, so the page can show the spread behind the means.
Value per_trial(const SqrtDSummary& s, bool raw) {
  std::vector<double> entropy, range;
  for (const auto& t : s.trials) {
    const ScoredRow& row = raw ? t.raw : t.scaled;
    entropy.push_back(row.entropy);
    range.push_back(row.range);
  }
  return Value::object().set("entropy", Value(entropy)).set("range", Value(range));
}

// The claim's spread at each d a reader has left it broken at: seeds 1–100, five trials each
// (35 ms in the page at d = 512). It is needed about one seed in 200, so prepare() measures it
// only for the d of a compute() that left it pending, a slice at a time.
constexpr int kSpreadSlice = 5;  // seeds per prepare() call: 25 trials, ~1.8 ms at d = 512

SeedSpreadInSlices& spread_at(int d) {
  static RecentCache<int, SeedSpreadInSlices> spreads(8);  // the last few d
  return spreads.get(d, [&] { return scaled_entropy_in_slices(d, kClaimFirstSeed, kClaimLastSeed, kTrials, kKeys); });
}

std::optional<int> waiting_d;  // the d whose spread the last compute() left pending

bool prepare_sqrt_d() {
  if (!waiting_d) return true;
  if (!spread_at(*waiting_d).measure(kSpreadSlice)) return false;
  waiting_d.reset();
  return true;
}

// 「除以 √d 的那行留在 1 以上」 at the reader's d, against seeds 1–100 when this seed falls below.
Value stays_above_one_claim(int d, double scaled_entropy) {
  const bool holds = stays_above_one(scaled_entropy);
  Value claim = claim_value(holds, scaled_entropy, [&]() -> SeedSpreadInSlices& { return spread_at(d); });
  claim.set("threshold", kScaledEntropyFloor);
  waiting_d = holds || spread_at(d).measured_all() ? std::nullopt : std::optional<int>(d);
  return claim;
}

Value compute_sqrt_d(const Params& p) {
  const int d = as_int(p, "d");
  const SqrtDSummary s = sqrt_d_trials(d, static_cast<std::uint64_t>(as_int(p, "seed")), kTrials, kKeys);
  const SqrtDTrial& typical = s.trials[s.typical];
  Value raw = Value::object().set("entropy_mean", s.raw_entropy_mean).set("range_mean", s.raw_range_mean);
  Value scaled = Value::object().set("entropy_mean", s.scaled_entropy_mean).set("range_mean", s.scaled_range_mean);
  raw.set("trials", per_trial(s, true));
  scaled.set("trials", per_trial(s, false));
  Value typ = Value::object().set("index", s.typical);
  typ.set("rule", "原始点积的熵最接近平均熵的那一次");  // raw entropy closest to the raw mean
  typ.set("raw", row_value(typical.raw)).set("scaled", row_value(typical.scaled));
  Value data = Value::object();
  data.set("d", d).set("trials", kTrials).set("keys", kKeys);
  data.set("raw", std::move(raw)).set("scaled", std::move(scaled));
  data.set("ln5", std::log(static_cast<double>(kKeys)));  // entropy of the uniform α: its upper bound
  data.set("typical", std::move(typ));
  data.set("claims", Value::object().set("scaled_above_one", stays_above_one_claim(d, s.scaled_entropy_mean)));
  return data;
}

}  // namespace

Figure make_sqrt_d() {
  return Figure{
      "sqrt-d",
      "互动 · 为什么非要除以 √d：把隐藏维度调大试试",
      {
          {"d", "隐藏维度 d", 8, 512, 1, 8, {}, "d"},
          {"seed", "随机种子", 1, 9999, 1, 1, {}, ""},
      },
      compute_sqrt_d,
      prepare_sqrt_d,
  };
}

}  // namespace attn
