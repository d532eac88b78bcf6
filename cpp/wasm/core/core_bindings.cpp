// The core's general functions, for the page and for node tests (camelCase, plain arrays in,
// Float64Array copies out). Every entry point is wrapped in guarded(): a core error becomes a
// JS Error carrying the core's message.
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

// options[key] as a number, or `fallback` when it is absent.
double number_or(const val& options, const char* key, double fallback) {
  const val x = options[key];
  if (x.isUndefined() || x.isNull()) return fallback;
  require(x.isNumber(), std::string(key) + " must be a number");
  return x.as<double>();
}

int whole_number(const val& options, const char* key, double fallback, double lo, double hi) {
  const double x = number_or(options, key, fallback);
  require(std::isfinite(x) && x == std::floor(x) && x >= lo && x <= hi,
          std::string(key) + " must be a whole number in [" +
              std::to_string(static_cast<long long>(lo)) + ", " +
              std::to_string(static_cast<long long>(hi)) + "]");
  return static_cast<int>(x);
}

val softmax_js(const val& x) {
  return guarded([&] {
    return to_js(numbers(softmax(vector_from_js(x, "x"))));
  });
}

val entropy_js(const val& p) {
  return guarded([&] { return val(entropy(vector_from_js(p, "p"))); });
}

val tv_distance_js(const val& P, const val& Q, int rows, int cols) {
  return guarded([&] {
    return val(tv_distance(matrix_from_js(P, rows, cols, "P"), matrix_from_js(Q, rows, cols, "Q")));
  });
}

ScoreFunction scorer_from_js(const std::string& name, int k, const val& extra) {
  const val options = (extra.isUndefined() || extra.isNull()) ? val::object() : extra;
  if (name == "dot")
    return [](const Eigen::VectorXd& s, const Eigen::VectorXd& h) { return dot(s, h); };
  if (name == "scaled") {
    const double d = number_or(options, "d", k);
    return [d](const Eigen::VectorXd& s, const Eigen::VectorXd& h) { return scaled_dot(s, h, d); };
  }
  if (name == "general") {
    const Eigen::MatrixXd W = matrix_from_js(options["W"], k, k, "W");
    return [W](const Eigen::VectorXd& s, const Eigen::VectorXd& h) { return general(s, W, h); };
  }
  if (name == "additive") {
    const int a = whole_number(options, "attnDim", k, 1, 4096);
    const Eigen::MatrixXd W1 = matrix_from_js(options["W1"], a, k, "W1");
    const Eigen::MatrixXd W2 = matrix_from_js(options["W2"], a, k, "W2");
    const Eigen::VectorXd v = vector_from_js(options["v"], "v");
    require(v.size() == a, "v must have attnDim = " + std::to_string(a) + " numbers");
    return [W1, W2, v](const Eigen::VectorXd& s, const Eigen::VectorXd& h) {
      return additive(s, h, W1, W2, v);
    };
  }
  throw InvalidInput("unknown scorer '" + name + "' (dot, scaled, general or additive)");
}

val alignment_map_js(const std::string& scorer, const val& S, const val& H, int n_tgt, int n_src,
                     int k, const val& extra) {
  return guarded([&] {
    const AlignmentMap map =
        alignment_map(matrix_from_js(S, n_tgt, k, "S"), matrix_from_js(H, n_src, k, "H"),
                      scorer_from_js(scorer, k, extra));
    return to_js(Value::object().set("scores", row_major(map.scores)).set("alpha", row_major(map.alpha)));
  });
}

val additive_fit_js(const val& options) {
  return guarded([&] {
    require(!options.isUndefined() && !options.isNull(), "additiveFit needs an options object");
    const int n_tgt = whole_number(options, "nTgt", 0, 1, 4096);
    const int n_src = whole_number(options, "nSrc", 0, 1, 4096);
    const int k = whole_number(options, "k", 0, 1, 4096);
    FitSettings settings;
    settings.steps = whole_number(options, "steps", settings.steps, 0, kMaxFitSteps);
    settings.seed = static_cast<std::uint64_t>(whole_number(options, "seed", 1, 0, 2147483647));
    settings.attn_dim = whole_number(options, "attnDim", settings.attn_dim, 1, 4096);
    settings.learning_rate = number_or(options, "learningRate", settings.learning_rate);
    settings.w_stddev = number_or(options, "wStddev", settings.w_stddev);
    settings.v_stddev = number_or(options, "vStddev", settings.v_stddev);
    const FitTrajectory fit =
        fit_additive(matrix_from_js(options["target"], n_tgt, n_src, "target"),
                     matrix_from_js(options["S"], n_tgt, k, "S"),
                     matrix_from_js(options["H"], n_src, k, "H"), settings);
    Value::Numbers maps;
    maps.reserve(fit.maps.size() * static_cast<size_t>(n_tgt * n_src));
    for (const auto& m : fit.maps) {
      const Value::Numbers entries = row_major(m);
      maps.insert(maps.end(), entries.begin(), entries.end());
    }
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
