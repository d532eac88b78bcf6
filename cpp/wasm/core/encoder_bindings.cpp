// The encoder for explicit weights: encoderJacobians(W, k, words, n) runs
// h_t = tanh(W·h_{t−1} + w_t) over the n word vectors (row-major n×k) with the k×k W
// (row-major), and returns c = h_n, every ∂c/∂w_j (n blocks of k×k, row-major) and their
// spectral norms.
#include "core/encoder.hpp"
#include "wasm/common/convert.hpp"

namespace attn::wasm {
namespace {

val encoder_jacobians(const val& W, int k, const val& words, int n) {
  return guarded([&] {
    const Eigen::MatrixXd w = matrix_from_js(W, k, k, "W");
    const Eigen::MatrixXd x = matrix_from_js(words, n, k, "words");
    const EncoderTrace trace = encode(w, x);
    const auto jacobians = context_jacobians(w, trace);
    std::vector<double> blocks, norms;
    blocks.reserve(static_cast<size_t>(n) * k * k);
    for (const auto& jac : jacobians) {
      for (int r = 0; r < k; ++r)
        for (int c = 0; c < k; ++c) blocks.push_back(jac(r, c));
      norms.push_back(spectral_norm(jac));
    }
    val out = val::object();
    out.set("context", float64_array(Eigen::MatrixXd(trace.context().transpose())));
    out.set("jacobians", float64_array(blocks));
    out.set("norms", float64_array(norms));
    return out;
  });
}

}  // namespace
}  // namespace attn::wasm

EMSCRIPTEN_BINDINGS(attn_encoder) {
  emscripten::function("encoderJacobians", &attn::wasm::encoder_jacobians);
}
