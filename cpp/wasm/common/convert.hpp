#pragma once
// Conversions between the core's types and JS values, and the guard that turns a core error
// into a JS Error. embind only; nothing here knows any figure.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <Eigen/Dense>
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "figures/spec.hpp"
#include "figures/value.hpp"

namespace attn::wasm {

using emscripten::val;

// A fresh Float64Array holding a copy: a view into WASM memory would go stale when it grows.
val float64_array(const double* data, size_t size);
val float64_array(const std::vector<double>& xs);
val float64_array(const Eigen::MatrixXd& m);  // row-major copy

// Plain data → JS: objects, arrays, strings, numbers; numeric arrays → Float64Array.
val to_js(const Value& value);

// JS {name: number, …} → Params. A value that is not a JS number is rejected by name.
Params params_from_js(const val& object);

// A JS array or typed array of numbers → a row vector / a rows×cols matrix (row-major).
Eigen::VectorXd vector_from_js(const val& array, const char* what);
Eigen::MatrixXd matrix_from_js(const val& array, int rows, int cols, const char* what);

// Throws a JS Error carrying `message`. Call it only once no C++ object that owns memory is
// alive in the calling frames: a JS exception unwinds WASM frames without running destructors.
[[noreturn]] void throw_js_error(const char* message);

// Runs `compute`; a C++ exception becomes a JS Error with the same message, after the C++
// exception (and everything it owned) is gone.
template <class F>
val guarded(F&& compute) {
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
