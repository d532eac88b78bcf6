#pragma once
// The workloads' inputs and outputs as plain data (Value), one description for both drivers:
// attn_bench prints it as JSON (native_main.cpp), the WASM driver hands it to JS through to_js
// (wasm_bindings.cpp). Outputs use the core's snake_case keys; the fit's input is the options
// object of the page module's additiveFit, whose names are camelCase as a JS function's are.
#include <string>

#include "figures/value.hpp"

namespace attn::bench {

// "encoder" n → {context, norms, jacobians}     "sqrt-d" d → {raw_entropy, raw_range, scaled_entropy, scaled_range}
// "fit" pair → {loss, tv, final_map}             "train" model → {losses, tokens_per_step, budget_steps}
Value workload_result(const std::string& name, int size);

// "encoder" n → {W, words} (row-major 16×16, n×16)
// "sqrt-d" d → {s, keys, trials, keys_per_trial} (trials×d, (trials·keys)×d, row-major)
// "fit" pair → {S, H, target, W1, W2, v, nTgt, nSrc, k, attnDim, learningRate, steps, seed}
Value workload_input(const std::string& name, int size);

}  // namespace attn::bench
