// Heap figures for the memory tests and the benchmark: thousands of figure computations must
// leave the allocated bytes where they were.
//   heapStats() → {heap_bytes (the WASM linear memory), allocated_bytes (in use by malloc)}
#include <malloc.h>
#include <emscripten/heap.h>

#include "wasm/common/convert.hpp"

namespace attn::wasm {
namespace {

val heap_stats() {
  const struct mallinfo info = mallinfo();
  return to_js(Value::object()
                   .set("heap_bytes", static_cast<double>(emscripten_get_heap_size()))
                   .set("allocated_bytes", static_cast<double>(info.uordblks)));
}

}  // namespace
}  // namespace attn::wasm

EMSCRIPTEN_BINDINGS(attn_memory) { emscripten::function("heapStats", &attn::wasm::heap_stats); }
