// The figure registry, for the page: figures() lists ids and specs; figure(id, params) computes;
// prepareFigure(id) does a slice of what a later figure() call may need, and says whether anything
// is left (registry.hpp).
#include "figures/registry.hpp"
#include "wasm/common/convert.hpp"

namespace attn::wasm {
namespace {

val figures() {
  return guarded([] { return to_js(figures_value()); });
}

val figure(const val& id, const val& params) {
  return guarded([&] { return to_js(compute_figure(string_from_js(id, "figure: id"), params_from_js(params))); });
}

val prepare(const val& id) {
  return guarded([&] {
    return val(prepare_figure(string_from_js(id, "prepareFigure: id")));
  });
}

}  // namespace
}  // namespace attn::wasm

EMSCRIPTEN_BINDINGS(attn_figures) {
  emscripten::function("figures", &attn::wasm::figures);
  emscripten::function("figure", &attn::wasm::figure);
  emscripten::function("prepareFigure", &attn::wasm::prepare);
}
