// The figure registry, for the page: figures() lists ids and specs; figure(id, params) computes.
#include "figures/registry.hpp"
#include "wasm/common/convert.hpp"

namespace attn::wasm {
namespace {

val figures() {
  return guarded([] { return to_js(figures_value()); });
}

val figure(const std::string& id, const val& params) {
  return guarded([&] { return to_js(compute_figure(id, params_from_js(params))); });
}

}  // namespace
}  // namespace attn::wasm

EMSCRIPTEN_BINDINGS(attn_figures) {
  emscripten::function("figures", &attn::wasm::figures);
  emscripten::function("figure", &attn::wasm::figure);
}
