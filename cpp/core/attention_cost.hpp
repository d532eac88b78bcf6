#pragma once
// §5: where the saved cost went. Generating m target words from n source words:
//   fixed vector (Seq2Seq): each generation step reads the one context vector c   → m reads
//   attention: each step t scores s_t against every memory h_1 … h_n             → m × n comparisons
// At training time (teacher forcing) every s_t is known in advance, so all m × n scores are one
// matrix product E = S Hᵀ: [m, h] × [h, n] → [m, n]; at inference they are m separate
// matrix-vector products H s_t, one per generated word, because s_t waits for word t − 1.
#include <vector>

namespace attn {

struct AttentionCost {
  int m = 0, n = 0;
  long long fixed_vector_reads = 0;  // m
  long long comparisons = 0;         // m·n
  // Row-major m × n: cell (t, j) holds the generation step (1…m) that computes score(s_t, h_j).
  std::vector<int> step_of_cell;
};

// Walks the generation loop and counts what each step does. 1 ≤ m, n; InvalidInput otherwise.
AttentionCost attention_cost(int m, int n);

// Multiply-adds of the scores with memories of width h (the same total both ways; training does
// them in 1 call, inference in m).
long long score_multiply_adds(int m, int n, int h);

}  // namespace attn
