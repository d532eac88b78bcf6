#pragma once
// §5: how many steps separate source word j from decoder step i.
//
// RNN (Seq2Seq) path: word j enters the encoder state h_j, is carried through every later
// encoder step h_{j+1} … h_n, handed over as the context vector c (= h_n, the decoder's
// starting point), then through every decoder state s_1 … s_i:
//     h_j → h_{j+1} → … → h_n → c → s_1 → … → s_i        hops = (n − j) + 1 + i
// Attention path: s_i reads h_j directly, with weight α_ij, inside its context c_i:
//     h_j → s_i                                          hops = 1
// A hop is one arrow between states (each one a matrix multiply and a squashing the gradient
// must pass back through); the word's own entry into h_j is common to both paths and not counted.
#include <vector>

namespace attn {

struct PathNode {
  enum Kind { kEncoder, kContext, kDecoder } kind;
  int index;  // j for h_j, i for s_i, 0 for c
};

struct SignalPath {
  std::vector<PathNode> nodes;
  int hops() const { return static_cast<int>(nodes.size()) - 1; }
};

// 1 ≤ j ≤ n, i ≥ 1; InvalidInput otherwise.
SignalPath rnn_path(int n, int j, int i);
SignalPath attention_path(int n, int j, int i);

}  // namespace attn
