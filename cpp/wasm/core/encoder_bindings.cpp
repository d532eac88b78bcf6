// The encoder for explicit weights: encoderJacobians(W, k, words, n) runs
// h_t = tanh(W·h_{t−1} + w_t) over the n word vectors (row-major n×k) with the k×k W
// (row-major), and returns c = h_n, every ∂c/∂w_j (n blocks of k×k, row-major) and their
// spectral norms. k in [1, 512], n in [1, 10000]; the n k×k blocks returned and the n·k³ of
// the backward pass are held to the per-call limits (arguments.hpp).
#include <algorithm>
#include <cmath>

#include "core/checks.hpp"
#include "core/encoder.hpp"
#include "figures/eigen_value.hpp"
#include "wasm/common/convert.hpp"

namespace attn::wasm {
namespace {

val encoder_jacobians(const val& W, const val& k_js, const val& words, const val& n_js) {
  return guarded([&] {
    const int k = whole_from_js(k_js, "encoderJacobians: k", 1, 512);
    const int n = whole_from_js(n_js, "encoderJacobians: n", 1, 10000);
    const double blocks_size = 1.0 * n * k * k;
    require_within(blocks_size, kMaxResultNumbers, "encoderJacobians: n × k × k", "numbers returned");
    // Backpropagation through time (k×k times k×k per step) and one SVD per block.
    require_within(2.0 * blocks_size * k, kMaxWork, "encoderJacobians: 2 × n × k³", "multiply-adds");
    const Eigen::MatrixXd w = matrix_from_js(W, k, k, "encoderJacobians: W");
    const Eigen::MatrixXd x = matrix_from_js(words, n, k, "encoderJacobians: words");
    const EncoderTrace trace = encode(w, x);
    const auto jacobians = context_jacobians(w, trace);
    Value::Numbers blocks, norms;
    blocks.reserve(static_cast<size_t>(blocks_size));
    for (const auto& jac : jacobians) {
      const Value::Numbers entries = row_major(jac);
      blocks.insert(blocks.end(), entries.begin(), entries.end());
      norms.push_back(spectral_norm(jac));
    }
    require(std::all_of(blocks.begin(), blocks.end(), [](double x) { return std::isfinite(x); }),
            "encoderJacobians: the Jacobians overflow for this W (entries too large)");
    Value out = Value::object().set("context", numbers(trace.context()));
    return to_js(out.set("jacobians", Value(std::move(blocks))).set("norms", Value(std::move(norms))));
  });
}

}  // namespace
}  // namespace attn::wasm

EMSCRIPTEN_BINDINGS(attn_encoder) {
  emscripten::function("encoderJacobians", &attn::wasm::encoder_jacobians);
}
