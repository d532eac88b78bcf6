#pragma once
// The one error path of both modules. No binding ever throws into JS: a JS exception would
// unwind the WASM frames without running their destructors, and every `val` argument the
// embind invoker holds would stay registered (a leaked emval handle, keeping the argument's
// memory alive). Instead every entry point runs its work under guarded(), which catches any C++
// exception (std::bad_alloc included) inside the frame, lets every C++ object go out of scope,
// and *returns* a JS Error carrying the core's message. boundary.post.js, linked into both
// modules, wraps every binding so that JS callers receive that Error thrown.
#include <emscripten/val.h>

#include <exception>

namespace attn::wasm {

// A JS Error value (not thrown) carrying `message` (UTF-8).
emscripten::val error_value(const char* message) noexcept;

// Runs `compute` (which returns a val: a result, or a new object for a constructor) and returns
// what it returns, or, when it throws, the Error value with the exception's message.
template <class F>
emscripten::val guarded(F&& compute) noexcept {
  try {
    return compute();
  } catch (const std::bad_alloc&) {
    return error_value("out of memory in the core: the call asked for more memory than the page can have");
  } catch (const std::exception& e) {
    return error_value(e.what());
  } catch (...) {
    return error_value("unknown error in the core");
  }
}

}  // namespace attn::wasm
