#include "wasm/common/guarded.hpp"

#include <string>

namespace attn::wasm {

void throw_js_error(const char* message) {
  // val(const char*) reads the bytes as Latin-1; through std::string they are read as UTF-8, so
  // a message naming a Chinese word arrives intact. The std::string is gone before the throw.
  const emscripten::val text = emscripten::val(std::string(message));
  emscripten::val::global("Error").new_(text).throw_();
}

}  // namespace attn::wasm
