// The figure registry, for the page: figures() lists ids and specs; figure(id, params) computes;
// figureAtOnce(id, params) computes without waiting for a claim's spread over seeds (the page's
// moves: the result says pending, Spreads::kPending); prepareFigure(id) does a slice of what a
// later figure() call may need, and says whether anything is left (registry.hpp).
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

val figure_at_once(const val& id, const val& params) {
  return guarded([&] {
    return to_js(compute_figure(string_from_js(id, "figureAtOnce: id"), params_from_js(params), Spreads::kPending));
  });
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
  emscripten::function("figureAtOnce", &attn::wasm::figure_at_once);
  emscripten::function("prepareFigure", &attn::wasm::prepare);
}
