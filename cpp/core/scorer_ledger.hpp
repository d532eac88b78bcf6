#pragma once
// 暗线 C, the parameter ledger: how many parameters does the scorer itself add, with memories
// and states of width h?
//   additive (Bahdanau)  vᵀ tanh(W₁h + W₂s):  W₁, W₂: h×h, v: h   → 2h² + h
//   general  (Luong)     sᵀ W h:              W: h×h              → h²
//   dot      (Luong)     s·h:                 nothing             → 0
// The counts are read from the scorers' actual weight objects built at width h, not from the
// formulas above (the tests check the two agree).
#include <string>
#include <vector>

namespace attn {

struct ParameterBlock {
  std::string name;  // W1, W2, v, W
  long long rows = 0, cols = 0;
  long long count() const { return rows * cols; }
};

struct ScorerLedger {
  std::string scorer;                // "additive", "general", "dot"
  std::vector<ParameterBlock> blocks;
  long long total = 0;               // Σ blocks
};

// h ≥ 1; InvalidInput otherwise.
ScorerLedger additive_ledger(int h);  // attention width = h, as in Bahdanau's h-wide layer
ScorerLedger general_ledger(int h);
ScorerLedger dot_ledger(int h);

}  // namespace attn
