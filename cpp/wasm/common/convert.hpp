#pragma once
// The core's results → JS: plain data (Value) out through to_js, the one way objects reach JS
// (keys as the core names them: snake_case; numeric arrays as Float64Array, matrices as
// {rows, cols, data}). Arguments from JS are arguments.hpp's and objects.hpp's. embind only;
// nothing here knows any figure.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <vector>

#include "figures/value.hpp"
#include "wasm/common/arguments.hpp"
#include "wasm/common/guarded.hpp"
#include "wasm/common/objects.hpp"

namespace attn::wasm {

using emscripten::val;

// A fresh Float64Array holding a copy: a view into WASM memory would go stale when it grows.
val float64_array(const std::vector<double>& xs);
// A fresh Uint8Array holding a copy of the bytes.
val uint8_array(const std::vector<unsigned char>& bytes);

// Plain data → JS: objects, arrays, strings, numbers; numeric arrays → Float64Array.
val to_js(const Value& value);

}  // namespace attn::wasm
