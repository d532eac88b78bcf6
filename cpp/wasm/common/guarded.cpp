#include "wasm/common/guarded.hpp"

#include <string>

namespace attn::wasm {

emscripten::val error_value(const char* message) noexcept {
  using emscripten::val;
  // Through std::string the bytes are read as UTF-8 (val(const char*) reads Latin-1), so a
  // message naming a Chinese word arrives intact. If even that copy cannot be allocated (after a
  // bad_alloc), the message goes as it is: the core's own limit messages are ASCII.
  try {
    return val::global("Error").new_(val(std::string(message)));
  } catch (...) {
    return val::global("Error").new_(val(message));
  }
}

}  // namespace attn::wasm
