#include "core/signal_path.hpp"

#include <string>

#include "core/checks.hpp"

namespace attn {
namespace {

void check_path(int n, int j, int i) {
  require(n >= 1, "path: the source needs at least one word, got n = " + std::to_string(n));
  require(j >= 1 && j <= n, "path: source position j = " + std::to_string(j) + " is outside 1…" +
                                std::to_string(n));
  require(i >= 1, "path: decoder step i must be at least 1, got " + std::to_string(i));
}

}  // namespace

SignalPath rnn_path(int n, int j, int i) {
  check_path(n, j, i);
  SignalPath path;
  for (int t = j; t <= n; ++t) path.nodes.push_back({PathNode::kEncoder, t});
  path.nodes.push_back({PathNode::kContext, 0});
  for (int t = 1; t <= i; ++t) path.nodes.push_back({PathNode::kDecoder, t});
  return path;
}

SignalPath attention_path(int n, int j, int i) {
  check_path(n, j, i);
  return SignalPath{{{PathNode::kEncoder, j}, {PathNode::kDecoder, i}}};
}

}  // namespace attn
