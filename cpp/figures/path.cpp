// Figure `path` (§5 互动 · 注意力把「要穿多少步」压成 1 步): the path from source word j to
// decoder step i, through the RNN (every state in between) and through attention (one hop).

#include "core/signal_path.hpp"
#include "figures/registry.hpp"

namespace attn {
namespace {

constexpr int kMaxLength = 60;

Value nodes_value(const SignalPath& path) {
  Value::Array out;
  for (const auto& node : path.nodes) {
    const char* kind = node.kind == PathNode::kEncoder ? "h" : node.kind == PathNode::kContext ? "c" : "s";
    out.push_back(Value::object().set("kind", kind).set("index", node.index));
  }
  return Value(std::move(out));
}

Value path_value(const SignalPath& path) {
  return Value::object().set("nodes", nodes_value(path)).set("hops", path.hops());
}

Value compute_path(const Params& p) {
  const int n = as_int(p, "n");
  const int j = as_int(p, "j");  // at most n (its spec says so)
  const int i = as_int(p, "i");
  std::vector<double> rnn_by_source;  // RNN hops from every source word j = 1…n to step i
  for (int jj = 1; jj <= n; ++jj) rnn_by_source.push_back(rnn_path(n, jj, i).hops());
  Value data = Value::object();
  data.set("n", n).set("j", j).set("i", i);
  data.set("rnn", path_value(rnn_path(n, j, i)));
  data.set("attention", path_value(attention_path(n, j, i)));
  data.set("rnn_hops_by_source", Value(rnn_by_source));
  return data;
}

}  // namespace

Figure make_path() {
  return Figure{
      "path",
      "互动 · 注意力把「要穿多少步」压成 1 步",
      {
          {"n", "源句长度 n", 2, kMaxLength, 1, 10, {}, "n"},
          // j's slider spans 1…60 whatever n is; a position past the end means the last word.
          {"j", "源词位置 j", 1, kMaxLength, 1, 1, {}, "memory", "n"},
          {"i", "解码步 i", 1, kMaxLength, 1, 1, {}, "state"},
      },
      compute_path,
  };
}

}  // namespace attn
