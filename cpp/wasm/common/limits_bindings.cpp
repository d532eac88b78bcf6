// The per-call limits (arguments.hpp), readable from JS: Module.maxArrayLength,
// Module.maxResultNumbers, Module.maxWork. boundary.post.js reads the first, and a course author
// can size a call before making it.
#include <emscripten/bind.h>

#include "wasm/common/arguments.hpp"

EMSCRIPTEN_BINDINGS(attn_limits) {
  emscripten::constant("maxArrayLength", attn::wasm::kMaxArrayLength);
  emscripten::constant("maxResultNumbers", attn::wasm::kMaxResultNumbers);
  emscripten::constant("maxWork", attn::wasm::kMaxWork);
}
