// Figure `scorers` (§3 互动 · 同一例子，两种打分器各画一张对齐图; revisited in §6).
// Left: Luong's dot score e_ij = s_i·h_j, no parameters. Right: Bahdanau's additive score
// vᵀtanh(W₁h_j + W₂s_i), W₁, W₂, v random from `seed`, after `step` real backprop + SGD steps
// toward the left map (core/additive_fit). s_i, h_j: the concept vectors of core/concepts.
// The 500-step trajectory is trained once per (pair, seed) and cached, so scrubbing the step
// slider only looks maps up.
//
// Maps are matrices (figures/eigen_value.hpp), rows = target words, cols = source words: entry
// i·cols + j of `data` is the weight target word i gives source word j.
#include <optional>
#include <utility>
#include <vector>

#include "core/additive_fit.hpp"
#include "core/concepts.hpp"
#include "core/seed_claims.hpp"
#include "core/softmax.hpp"
#include "figures/claim_value.hpp"
#include "figures/recent_cache.hpp"
#include "figures/eigen_value.hpp"
#include "figures/registry.hpp"
#include "figures/seed_neighbours.hpp"

namespace attn {

// How many trainings this figure has run (the cache's misses): lets a test check that moving
// the step slider never retrains. And how many seeds its claim's spreads have measured, both
// pairs together: lets a test check that prepare() leaves none for a move.
int scorers_fit_count();
int scorers_claim_seeds_measured();

namespace {

constexpr int kSteps = 500;

// Trajectories of the last few (pair, seed) choices, ~120 KB each.
RecentCache<std::pair<int, int>, FitTrajectory>& trajectories() {
  static RecentCache<std::pair<int, int>, FitTrajectory> cache(8);
  return cache;
}

// The sentence pair's concept vectors and its dot map, the additive scorer's target.
struct PairMaps {
  const SentencePair& pair;
  Eigen::MatrixXd S, H, dot_map;
};

PairMaps pair_maps(int pair_index) {
  const SentencePair& pair = sentence_pair(pair_index);
  PairMaps maps{pair, concept_matrix(pair.tgt), concept_matrix(pair.src), {}};
  maps.dot_map = softmax_rows(maps.S * maps.H.transpose());  // α_ij = softmax_j(s_i·h_j)
  return maps;
}

const FitTrajectory& trajectory(int pair_index, int seed, const PairMaps& maps) {
  return trajectories().get({pair_index, seed}, [&] {
    FitSettings settings;  // the calibrated defaults of core/additive_fit
    settings.steps = kSteps;
    settings.seed = static_cast<std::uint64_t>(seed);
    return fit_additive(maps.dot_map, maps.S, maps.H, settings);
  });
}

constexpr int kFirstSeed = 1, kLastSeed = 999;  // the seed slider's range (make_scorers)
std::optional<std::pair<int, int>> drawn;        // (pair, seed) of the last compute()

// 「TV 从 0.5 左右」 is set against each sentence pair's step-0 TV at seeds 1–100: a hundred
// untrained scorers (1.5–2 ms in the page). prepare() measures them a slice at a time in idle
// time, from the first draw on, so that a seed that breaks the claim finds them measured.
constexpr int kSpreadSlice = 20;  // seeds per prepare() call: ~0.4 ms in the page

std::vector<SeedSpreadInSlices>& initial_tv_spreads() {  // one per sentence pair, by index
  static std::vector<SeedSpreadInSlices> spreads = [] {
    std::vector<SeedSpreadInSlices> out;
    for (int p = 0; p < static_cast<int>(sentence_pairs().size()); ++p) out.push_back(initial_tv_in_slices(p));
    return out;
  }();
  return spreads;
}

SeedSpreadInSlices& initial_tv_spread(int pair_index) { return initial_tv_spreads().at(static_cast<size_t>(pair_index)); }

// A new seed trains 500 steps (~2 ms in the page): its neighbours are trained ahead, after the
// drawn pair's spread and before the other pair's (for a switch to it at a seed off the claim).
bool prepare_scorers() {
  if (!drawn) return true;
  const int pair_index = drawn->first, seed = drawn->second;
  if (!initial_tv_spread(pair_index).measure(kSpreadSlice)) return false;
  const bool neighbours_ready = prepare_seed_neighbours(
      seed, kFirstSeed, kLastSeed, [&](int s) { return trajectories().contains({pair_index, s}); },
      [&](int s) { trajectory(pair_index, s, pair_maps(pair_index)); });
  if (!neighbours_ready) return false;
  for (auto& spread : initial_tv_spreads()) {
    if (!spread.measure(kSpreadSlice)) return false;
  }
  return true;
}

// The source word each target word attends to most.
Value row_argmax(const Eigen::Ref<const Eigen::MatrixXd>& m) {
  std::vector<double> out;
  for (Eigen::Index i = 0; i < m.rows(); ++i) {
    Eigen::Index j = 0;
    m.row(i).maxCoeff(&j);
    out.push_back(static_cast<double>(j));
  }
  return Value(std::move(out));
}

// 「TV 从 0.5 左右」一路往下掉: the step-0 TV at this seed, against seeds 1–100 when it is off.
Value tv_about_half_claim(int pair_index, double tv0) {
  const auto spread = [&]() -> SeedSpreadInSlices& { return initial_tv_spread(pair_index); };
  return claim_value(tv_about_half(tv0), tv0, spread).set("low", kAboutHalfLow).set("high", kAboutHalfHigh);
}

Value compute_scorers(const Params& p) {
  const int pair_index = as_int(p, "pair"), step = as_int(p, "step"), seed = as_int(p, "seed");
  drawn = {pair_index, seed};
  const PairMaps maps = pair_maps(pair_index);
  const SentencePair& pair = maps.pair;
  const Eigen::MatrixXd& dot_map = maps.dot_map;
  const FitTrajectory& fit = trajectory(pair_index, seed, maps);
  const auto additive_map = fit.maps[static_cast<size_t>(step)];
  Value data = Value::object();
  data.set("src", Value::strings(pair.src)).set("tgt", Value::strings(pair.tgt));
  data.set("dot_map", matrix_value(dot_map)).set("additive_map", matrix_value(additive_map));
  data.set("dot_argmax", row_argmax(dot_map)).set("additive_argmax", row_argmax(additive_map));
  data.set("step", step).set("tv_now", fit.tv[static_cast<size_t>(step)]);
  data.set("tv", Value(fit.tv)).set("loss", Value(fit.loss));
  data.set("params_dot", 0).set("params_additive", fit.parameter_count);
  data.set("attn_dim", fit.scorer.attn_dim());
  data.set("claims", Value::object().set("tv_about_half", tv_about_half_claim(pair_index, fit.tv.front())));
  return data;
}

}  // namespace

int scorers_fit_count() { return static_cast<int>(trajectories().computed()); }

int scorers_claim_seeds_measured() {
  int seeds = 0;
  for (const auto& spread : initial_tv_spreads()) seeds += spread.measured_seeds();
  return seeds;
}

Figure make_scorers() {
  const std::vector<std::string> pairs = {"我 看见 一只 黑 猫 → I saw a black cat（语序相同）",
                                          "我 昨天 看见 一只 猫 → I saw a cat yesterday（语序不同）"};
  return Figure{
      "scorers",
      "互动 · 同一例子，两种打分器各画一张对齐图",
      {
          // In the order of the work: the sentence, the initial W₁, W₂, v, then the training. The
          // step slider comes last, the lowest control: §6 sends the reader to 「最下面那个「训练步数」滑块」.
          {"pair", "例句", 0, 1, 1, kReorderedPair, pairs, ""},
          {"seed", "随机种子（W₁、W₂、v 的初值）", kFirstSeed, kLastSeed, 1, 1, {}, ""},
          {"step", "训练步数", 0, kSteps, 1, 0, {}, "step"},
      },
      compute_scorers,
      prepare_scorers,
  };
}

}  // namespace attn
