#pragma once
// Figure 2's training as a benchmark workload: steps of the chapter's default budget
// (figure2_default_config) for one model, native and in WASM, to report training throughput.
#include <memory>
#include <vector>

#include "figure2/run.hpp"

namespace attn::bench {

constexpr int kTrainStepsPerCall = 5;

// A model at the default config with a step limit high enough for any number of timed calls.
// model: 0 = RNNenc, 1 = RNNsearch (anything else: std::invalid_argument).
std::unique_ptr<Figure2Run> train_workload_run(int model);

// One call: kTrainStepsPerCall more steps; returns their losses.
std::vector<double> train_workload(Figure2Run& run);

// Target tokens (words + <eos>) a step reads on average: batch × the mean target length + 1
// over the training split. Minibatches are drawn evenly from it, so over many steps the
// throughput in tokens/s is steps/s times this.
double train_tokens_per_step(const Figure2Run& run);

// The default budget's number of steps, for "how long would the whole training take".
int train_budget_steps();

}  // namespace attn::bench
