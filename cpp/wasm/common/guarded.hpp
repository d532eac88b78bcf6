#pragma once
// The one error path of both modules: every entry point runs its work under guarded(), which
// turns a C++ exception into a JS Error carrying the core's message. Everything that decides how
// an error reaches JS is in this file.
#include <emscripten/val.h>

#include <cstdio>
#include <exception>

namespace attn::wasm {

// Throws a JS Error carrying `message`. Call it only once no C++ object that owns memory is
// alive in the calling frames: a JS exception unwinds WASM frames without running destructors.
[[noreturn]] void throw_js_error(const char* message);

// Runs `compute` and returns what it returns (a JS value, or e.g. a new object for an embind
// constructor); a C++ exception becomes a JS Error with the same message, thrown after the C++
// exception (and everything it owned) is gone.
template <class F>
auto guarded(F&& compute) -> decltype(compute()) {
  char message[512];
  try {
    return compute();
  } catch (const std::exception& e) {
    std::snprintf(message, sizeof message, "%s", e.what());
  } catch (...) {
    std::snprintf(message, sizeof message, "%s", "unknown error in the core");
  }
  throw_js_error(message);
}

}  // namespace attn::wasm
