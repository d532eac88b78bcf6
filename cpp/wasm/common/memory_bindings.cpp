// Heap figures for the memory tests and the benchmark: thousands of figure computations must
// leave the allocated bytes where they were.
#include <malloc.h>
#include <emscripten/bind.h>
#include <emscripten/emmalloc.h>
#include <emscripten/heap.h>

namespace {

emscripten::val heap_stats() {
  const struct mallinfo info = mallinfo();
  emscripten::val out = emscripten::val::object();
  out.set("heapBytes", static_cast<double>(emscripten_get_heap_size()));
  out.set("allocatedBytes", static_cast<double>(info.uordblks));
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(attn_memory) { emscripten::function("heapStats", &heap_stats); }
