// Figure `softmax` (§3 看不明白 softmax？): five numbers in, five positive weights out that
// sum to exactly 1. softmax(x)_j = exp(x_j − max x) / Σ_k exp(x_k − max x) (core/softmax).
#include "core/softmax.hpp"
#include "figures/eigen_value.hpp"
#include "figures/registry.hpp"

namespace attn {
namespace {

constexpr int kCount = 5;  // five source words, as everywhere in §3

std::string x_name(int j) { return "x" + std::to_string(j + 1); }

Value compute_softmax(const Params& p) {
  Eigen::VectorXd x(kCount);
  for (int j = 0; j < kCount; ++j) x(j) = p.at(x_name(j));
  const Eigen::VectorXd w = softmax(x);
  Value data = Value::object();
  data.set("x", numbers(x));
  data.set("weights", numbers(w));
  data.set("sum", w.sum());
  return data;
}

}  // namespace

Figure make_softmax() {
  const double defaults[kCount] = {2.0, 1.0, 0.5, 0.0, -1.0};
  std::vector<ParamSpec> specs;
  for (int j = 0; j < kCount; ++j)
    specs.push_back(
        {x_name(j), "第 " + std::to_string(j + 1) + " 个数", -5, 5, 0.1, defaults[j], {}, "score"});
  return Figure{"softmax", "看不明白 softmax？它只做一件事", specs, compute_softmax};
}

}  // namespace attn
