#pragma once
// Conversions between the core's types and JS values: plain data (Value) out through to_js, the
// one way objects reach JS (keys as the core names them: snake_case; numeric arrays as
// Float64Array, matrices as {rows, cols, data}); numbers, arrays, words and bytes in, each checked
// and rejected by name. embind only; nothing here knows any figure.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <Eigen/Dense>
#include <string>
#include <vector>

#include "figures/spec.hpp"
#include "figures/value.hpp"
#include "wasm/common/guarded.hpp"

namespace attn::wasm {

using emscripten::val;

// A fresh Float64Array holding a copy: a view into WASM memory would go stale when it grows.
val float64_array(const std::vector<double>& xs);
// A fresh Uint8Array holding a copy of the bytes.
val uint8_array(const std::vector<unsigned char>& bytes);

// Plain data → JS: objects, arrays, strings, numbers; numeric arrays → Float64Array.
val to_js(const Value& value);

// JS {name: number, …} → Params. A value that is not a JS number is rejected by name.
Params params_from_js(const val& object);

// A JS array or typed array of numbers → a row vector / a rows×cols matrix (row-major).
Eigen::VectorXd vector_from_js(const val& array, const char* what);
Eigen::MatrixXd matrix_from_js(const val& array, int rows, int cols, const char* what);

// A JS string; a JS array of strings (at most max_words); a Uint8Array or ArrayBuffer (copied).
std::string string_from_js(const val& v, const char* what);
std::vector<std::string> words_from_js(const val& array, const char* what, int max_words);
std::vector<unsigned char> bytes_from_js(const val& data, const char* what);

}  // namespace attn::wasm
