#pragma once
// Several sentences of a minibatch run through a recurrence at once, without padding (as
// PyTorch's PackedSequence): the sentences are sorted longest first, so at step t the ones still
// running are a prefix 0 … active[t]−1 of that order, and step t's columns are
// offset[t] … offset[t]+active[t]−1 of every H × N matrix (N = Σ lengths). A finished sentence's
// column is never touched again: no masks, no wasted work, and each sentence's gradient is
// exactly its own (only the order of floating-point sums differs from one sentence at a time).
#include <vector>

namespace attn::batched {

struct Packed {
  std::vector<int> order;           // order[j]: the batch index of the j-th longest sentence
  std::vector<int> pos;             // pos[b]: where sentence b sits in that order
  std::vector<int> length;          // length[j] of the j-th longest
  std::vector<int> offset, active;  // per step t
  int steps = 0, total = 0;

  int col(int t, int j) const { return offset[t] + j; }
  int last_col(int j) const { return col(length[j] - 1, j); }
};

// lengths[b] ≥ 1 for each sentence b of the batch. Ties keep the batch order.
Packed pack(const std::vector<int>& lengths);

}  // namespace attn::batched
