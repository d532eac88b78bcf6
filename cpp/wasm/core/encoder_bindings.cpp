// The encoder for explicit weights: encoderJacobians(W, k, words, n) runs
// h_t = tanh(W·h_{t−1} + w_t) over the n word vectors (row-major n×k) with the k×k W
// (row-major), and returns c = h_n, every ∂c/∂w_j (n blocks of k×k, row-major) and their
// spectral norms.
#include "core/encoder.hpp"
#include "figures/eigen_value.hpp"
#include "wasm/common/convert.hpp"

namespace attn::wasm {
namespace {

val encoder_jacobians(const val& W, int k, const val& words, int n) {
  return guarded([&] {
    const Eigen::MatrixXd w = matrix_from_js(W, k, k, "W");
    const Eigen::MatrixXd x = matrix_from_js(words, n, k, "words");
    const EncoderTrace trace = encode(w, x);
    const auto jacobians = context_jacobians(w, trace);
    Value::Numbers blocks, norms;
    blocks.reserve(static_cast<size_t>(n) * k * k);
    for (const auto& jac : jacobians) {
      const Value::Numbers entries = row_major(jac);
      blocks.insert(blocks.end(), entries.begin(), entries.end());
      norms.push_back(spectral_norm(jac));
    }
    Value out = Value::object().set("context", numbers(trace.context()));
    return to_js(out.set("jacobians", Value(std::move(blocks))).set("norms", Value(std::move(norms))));
  });
}

}  // namespace
}  // namespace attn::wasm

EMSCRIPTEN_BINDINGS(attn_encoder) {
  emscripten::function("encoderJacobians", &attn::wasm::encoder_jacobians);
}
