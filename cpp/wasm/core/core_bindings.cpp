// The core's general functions, for the page and for node tests (camelCase, plain arrays in,
// Float64Array copies out). Every entry point runs under guarded(): a core error becomes a JS
// Error carrying the core's message. What each accepts (README, "The core from JS"):
//   numeric arrays: Arrays of finite numbers or number typed arrays; sizes: whole JS numbers;
//   p, and every row of P, Q and additiveFit's target: probability vectors (entries ≥ 0, sum
//   1 ± 1e-6). Limits per call: arguments.hpp.
// Objects come back through to_js (cpp/wasm/common): snake_case keys, matrices as row-major
// Float64Arrays of the shape the caller gave.
//   softmax(x) → Float64Array            entropy(p) → number
//   tvDistance(P, Q, rows, cols) → number (P, Q row-major)
//   alignmentMap(scorer, S, H, nTgt, nSrc, k, extra) → {scores, alpha}, row-major nTgt × nSrc
//       (embind wants all 7 arguments: pass undefined or {} as extra for dot)
//       scorer 'dot' | 'scaled' (extra.d, default k) | 'general' (extra.W, k × k)
//            | 'additive' (extra.attnDim, extra.W1 and extra.W2: attnDim × k, extra.v: attnDim)
//   additiveFit({target, S, H, nTgt, nSrc, k, steps?, seed?, attnDim?, learningRate?,
//                wStddev?, vStddev?}) → {loss, tv, maps, parameter_count}
//       loss, tv: steps + 1 values; maps: (steps + 1) maps of nTgt × nSrc, one after another.
#include <cmath>

#include "core/additive_fit.hpp"
#include "core/checks.hpp"
#include "core/measures.hpp"
#include "core/scores.hpp"
#include "core/softmax.hpp"
#include "figures/eigen_value.hpp"
#include "wasm/common/convert.hpp"

namespace attn::wasm {
namespace {

constexpr int kMaxFitSteps = 100000;
constexpr double kMaxSize = 4096;  // nTgt, nSrc, k, attnDim

val softmax_js(const val& x) {
  return guarded([&] { return to_js(numbers(softmax(vector_from_js(x, "softmax: x")))); });
}

val entropy_js(const val& p) {
  return guarded([&] {
    const Eigen::VectorXd v = vector_from_js(p, "entropy: p");
    require_distribution(v, "entropy: p");
    return val(entropy(v));
  });
}

val tv_distance_js(const val& P, const val& Q, const val& rows_js, const val& cols_js) {
  return guarded([&] {
    const int rows = whole_from_js(rows_js, "tvDistance: rows", 1, kMaxArrayLength);
    const int cols = whole_from_js(cols_js, "tvDistance: cols", 1, kMaxArrayLength);
    const Eigen::MatrixXd p = matrix_from_js(P, rows, cols, "tvDistance: P");
    const Eigen::MatrixXd q = matrix_from_js(Q, rows, cols, "tvDistance: Q");
    require_distribution_rows(p, "tvDistance: P");
    require_distribution_rows(q, "tvDistance: Q");
    return val(tv_distance(p, q));
  });
}

// The scorer and the multiply-adds one score costs.
struct Scorer {
  ScoreFunction score;
  double work_per_score;
};

Scorer scorer_from_js(const std::string& name, int k, const Options& extra) {
  if (name == "dot")
    return {[](const Eigen::VectorXd& s, const Eigen::VectorXd& h) { return dot(s, h); }, 1.0 * k};
  if (name == "scaled") {
    const double d = extra.number_or("d", k);
    return {[d](const Eigen::VectorXd& s, const Eigen::VectorXd& h) { return scaled_dot(s, h, d); }, 1.0 * k};
  }
  if (name == "general") {
    const Eigen::MatrixXd W = matrix_from_js(extra.get("W"), k, k, extra.name("W"));
    return {[W](const Eigen::VectorXd& s, const Eigen::VectorXd& h) { return general(s, W, h); }, 1.0 * k * k};
  }
  if (name == "additive") {
    const int a = extra.whole_or("attnDim", k, 1, kMaxSize);
    const Eigen::MatrixXd W1 = matrix_from_js(extra.get("W1"), a, k, extra.name("W1"));
    const Eigen::MatrixXd W2 = matrix_from_js(extra.get("W2"), a, k, extra.name("W2"));
    const Eigen::VectorXd v = vector_from_js(extra.get("v"), extra.name("v"));
    require(v.size() == a, extra.name("v") + " must have attnDim = " + std::to_string(a) + " numbers, got " +
                               std::to_string(v.size()));
    return {[W1, W2, v](const Eigen::VectorXd& s, const Eigen::VectorXd& h) { return additive(s, h, W1, W2, v); },
            2.0 * a * k + a};
  }
  throw InvalidInput("alignmentMap: unknown scorer '" + name + "' (dot, scaled, general or additive)");
}

val alignment_map_js(const val& scorer_name, const val& S, const val& H, const val& n_tgt_js,
                     const val& n_src_js, const val& k_js, const val& extra_js) {
  return guarded([&] {
    const std::string name = string_from_js(scorer_name, "alignmentMap: scorer");
    const int n_tgt = whole_from_js(n_tgt_js, "alignmentMap: nTgt", 1, kMaxSize);
    const int n_src = whole_from_js(n_src_js, "alignmentMap: nSrc", 1, kMaxSize);
    const int k = whole_from_js(k_js, "alignmentMap: k", 1, kMaxSize);
    const Options extra(extra_js, "alignmentMap: extra", {"d", "W", "attnDim", "W1", "W2", "v"});
    require_within(1.0 * n_tgt * n_src, kMaxResultNumbers, "alignmentMap: nTgt × nSrc", "map entries");
    const Eigen::MatrixXd s = matrix_from_js(S, n_tgt, k, "alignmentMap: S");
    const Eigen::MatrixXd h = matrix_from_js(H, n_src, k, "alignmentMap: H");
    const Scorer scorer = scorer_from_js(name, k, extra);
    require_within(1.0 * n_tgt * n_src * scorer.work_per_score, kMaxWork,
                   "alignmentMap: nTgt × nSrc × (multiply-adds per score)", "multiply-adds");
    const AlignmentMap map = alignment_map(s, h, scorer.score);
    return to_js(Value::object().set("scores", row_major(map.scores)).set("alpha", row_major(map.alpha)));
  });
}

FitSettings fit_settings_from_js(const Options& options) {
  FitSettings settings;
  settings.steps = options.whole_or("steps", settings.steps, 0, kMaxFitSteps);
  settings.seed = static_cast<std::uint64_t>(options.whole_or("seed", 1, 0, 2147483647));
  settings.attn_dim = options.whole_or("attnDim", settings.attn_dim, 1, kMaxSize);
  settings.learning_rate = options.number_or("learningRate", settings.learning_rate);
  settings.w_stddev = options.number_or("wStddev", settings.w_stddev);
  settings.v_stddev = options.number_or("vStddev", settings.v_stddev);
  return settings;
}

val additive_fit_js(const val& options_js) {
  return guarded([&] {
    const Options options(options_js, "additiveFit: options",
                          {"target", "S", "H", "nTgt", "nSrc", "k", "steps", "seed", "attnDim",
                           "learningRate", "wStddev", "vStddev"},
                          false);
    for (const char* key : {"nTgt", "nSrc", "k"})
      require(options.has(key), "additiveFit: options." + std::string(key) + " is missing");
    const int n_tgt = options.whole_or("nTgt", 0, 1, kMaxSize);
    const int n_src = options.whole_or("nSrc", 0, 1, kMaxSize);
    const int k = options.whole_or("k", 0, 1, kMaxSize);
    const FitSettings settings = fit_settings_from_js(options);
    // Every step's map is returned, and every step runs forward and backward over every pair.
    const double entries = (settings.steps + 1.0) * n_tgt * n_src;
    require_within(entries, kMaxResultNumbers, "additiveFit: (steps + 1) × nTgt × nSrc", "map entries");
    require_within(entries * settings.attn_dim * k * 4, kMaxWork,
                   "additiveFit: (steps + 1) × nTgt × nSrc × attnDim × k × 4", "multiply-adds");
    const Eigen::MatrixXd target = matrix_from_js(options.get("target"), n_tgt, n_src, options.name("target"));
    require_distribution_rows(target, options.name("target"));
    const FitTrajectory fit = fit_additive(target, matrix_from_js(options.get("S"), n_tgt, k, options.name("S")),
                                           matrix_from_js(options.get("H"), n_src, k, options.name("H")), settings);
    Value::Numbers maps;
    maps.reserve(static_cast<size_t>(entries));
    for (size_t t = 0; t < fit.maps.size(); ++t) append_row_major(fit.maps[t], maps);
    Value out = Value::object().set("loss", Value(fit.loss)).set("tv", Value(fit.tv)).set("maps", Value(std::move(maps)));
    return to_js(out.set("parameter_count", fit.parameter_count));
  });
}

}  // namespace
}  // namespace attn::wasm

EMSCRIPTEN_BINDINGS(attn_core_functions) {
  emscripten::function("softmax", &attn::wasm::softmax_js);
  emscripten::function("entropy", &attn::wasm::entropy_js);
  emscripten::function("tvDistance", &attn::wasm::tv_distance_js);
  emscripten::function("alignmentMap", &attn::wasm::alignment_map_js);
  emscripten::function("additiveFit", &attn::wasm::additive_fit_js);
}
