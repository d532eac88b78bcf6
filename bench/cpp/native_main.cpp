// attn_bench — the native side of the benchmark (bench/core/run.mjs runs it):
//   attn_bench time <workload> <size> <reps> <batch>   {"ms": [per-call ms of each repetition]}
//   attn_bench result <workload> <size>                the workload's output, to compare builds
// Workloads (workloads.hpp, train_workload.hpp): encoder <n>, sqrt-d <d>, fit <pair>, train <model>.
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "workload_values.hpp"
#include "workloads.hpp"

int main(int argc, char** argv) {
  using namespace attn;
  const std::vector<std::string> args(argv + 1, argv + argc);
  try {
    if (args.size() == 5 && args[0] == "time") {
      const auto ms = bench::time_workload(args[1], std::stoi(args[2]), std::stoi(args[3]), std::stoi(args[4]));
      std::printf("%s\n", to_json(Value::object().set("ms", Value(ms))).c_str());
      return 0;
    }
    if (args.size() == 3 && args[0] == "result") {
      std::printf("%s\n", to_json(bench::workload_result(args[1], std::stoi(args[2]))).c_str());
      return 0;
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "attn_bench: %s\n", e.what());
    return 2;
  }
  std::fprintf(stderr, "usage: attn_bench time <workload> <size> <reps> <batch> | result <workload> <size>\n");
  return 2;
}
