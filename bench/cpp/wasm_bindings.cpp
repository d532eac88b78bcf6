// The WASM side of the benchmark: the same workloads and timer as attn_bench (native_main.cpp),
// and their inputs, so that TensorFlow.js can compute the same numbers.
//   timeWorkload(name, size, reps, batch) → Float64Array of per-call ms
//   workloadInput(name, size), workloadResult(name, size) → workload_values.hpp's objects
#include "wasm/common/convert.hpp"
#include "workload_values.hpp"
#include "workloads.hpp"

namespace {

using attn::wasm::guarded;
using attn::wasm::to_js;
using emscripten::val;

val time_js(const std::string& name, int size, int reps, int batch) {
  return guarded([&] { return to_js(attn::Value(attn::bench::time_workload(name, size, reps, batch))); });
}

val input_js(const std::string& name, int size) {
  return guarded([&] { return to_js(attn::bench::workload_input(name, size)); });
}

val result_js(const std::string& name, int size) {
  return guarded([&] { return to_js(attn::bench::workload_result(name, size)); });
}

}  // namespace

EMSCRIPTEN_BINDINGS(attn_bench) {
  emscripten::function("timeWorkload", &time_js);
  emscripten::function("workloadInput", &input_js);
  emscripten::function("workloadResult", &result_js);
}
