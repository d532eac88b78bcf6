#pragma once
// One fuzz case: a generated call of a core entry point, checked (fuzz_check.hpp). The same
// cases run under the deterministic driver (random_main.cpp) and under libFuzzer
// (libfuzzer_main.cpp); a broken contract throws ContractBroken with a replayable description.
#include <string>

#include "fuzz_check.hpp"
#include "fuzz_source.hpp"

namespace attn::fuzz {

struct CaseResult {
  std::string op;           // which entry point, for the statistics ("figure funnel", "softmax"…)
  Outcome outcome;
  std::string description;  // the call, replayable
};

// compute_figure over the whole registry (figure_case.cpp).
CaseResult figure_case(FuzzSource& src);
// The general functions: encoder, softmax, measures, scores, additive fit… (core_case*.cpp).
CaseResult core_case(FuzzSource& src);

// Two thirds figure cases, one third general functions.
inline CaseResult any_case(FuzzSource& src) {
  return src.choose(3) < 2 ? figure_case(src) : core_case(src);
}

}  // namespace attn::fuzz
