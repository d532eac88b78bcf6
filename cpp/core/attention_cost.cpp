#include "core/attention_cost.hpp"

#include <string>

#include "core/checks.hpp"

namespace attn {

AttentionCost attention_cost(int m, int n) {
  require(m >= 1 && n >= 1, "attention_cost: lengths must be at least 1, got m = " +
                                std::to_string(m) + ", n = " + std::to_string(n));
  AttentionCost cost;
  cost.m = m;
  cost.n = n;
  cost.step_of_cell.assign(static_cast<size_t>(m) * n, 0);
  for (int t = 1; t <= m; ++t) {
    cost.fixed_vector_reads += 1;  // Seq2Seq: the decoder looks at the same c once per step
    for (int j = 1; j <= n; ++j) {  // attention: score(s_t, h_j) for every source position
      cost.step_of_cell[static_cast<size_t>(t - 1) * n + (j - 1)] = t;
      cost.comparisons += 1;
    }
  }
  return cost;
}

long long score_multiply_adds(int m, int n, int h) {
  require(m >= 1 && n >= 1 && h >= 1, "score_multiply_adds: sizes must be at least 1");
  // Each score s_t·h_j is h multiply-adds.
  return static_cast<long long>(m) * n * h;
}

}  // namespace attn
