// attn_bench — the native side of the benchmark (tests/bench/run.mjs runs it):
//   attn_bench time <workload> <size> <reps> <batch>   {"ms": [per-call ms of each repetition]}
//   attn_bench result <workload> <size>                the workload's output, to compare builds
// Workloads (cpp/bench/workloads.hpp): encoder <n>, sqrt-d <d>, fit <pair>, train <model>.
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

#include "train_workload.hpp"
#include "workloads.hpp"

namespace {

using namespace attn::bench;

std::string json(const std::vector<double>& xs) {
  std::string out = "[";
  char buf[32];
  for (size_t i = 0; i < xs.size(); ++i) {
    std::snprintf(buf, sizeof buf, "%s%.17g", i ? "," : "", xs[i]);
    out += buf;
  }
  return out + "]";
}

std::string result_json(const std::string& name, int size) {
  if (name == "encoder") {
    const EncoderOutput o = encoder_workload(encoder_input(size));
    return "{\"context\":" + json(o.context) + ",\"norms\":" + json(o.norms) + ",\"jacobians\":" + json(o.jacobians) + "}";
  }
  if (name == "sqrt-d") {
    const SqrtDOutput o = sqrt_d_workload(size);
    return "{\"rawEntropy\":" + json(o.raw_entropy) + ",\"rawRange\":" + json(o.raw_range) +
           ",\"scaledEntropy\":" + json(o.scaled_entropy) + ",\"scaledRange\":" + json(o.scaled_range) + "}";
  }
  if (name == "train") {
    const auto run = train_workload_run(size);
    char tokens[32];
    std::snprintf(tokens, sizeof tokens, "%.17g", train_tokens_per_step(*run));
    return "{\"losses\":" + json(train_workload(*run)) + ",\"tokensPerStep\":" + tokens +
           ",\"budgetSteps\":" + std::to_string(train_budget_steps()) + "}";
  }
  const FitOutput o = fit_workload(fit_input(size));
  return "{\"loss\":" + json(o.loss) + ",\"tv\":" + json(o.tv) + ",\"finalMap\":" + json(o.final_map) + "}";
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  try {
    if (args.size() == 5 && args[0] == "time") {
      const auto ms = time_workload(args[1], std::stoi(args[2]), std::stoi(args[3]), std::stoi(args[4]));
      std::printf("{\"ms\":%s}\n", json(ms).c_str());
      return 0;
    }
    if (args.size() == 3 && args[0] == "result") {
      std::printf("%s\n", result_json(args[1], std::stoi(args[2])).c_str());
      return 0;
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "attn_bench: %s\n", e.what());
    return 2;
  }
  std::fprintf(stderr, "usage: attn_bench time <workload> <size> <reps> <batch> | result <workload> <size>\n");
  return 2;
}
