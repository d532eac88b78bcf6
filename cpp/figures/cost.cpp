// Figure `cost` (§5 互动 · 省下的那部分代价去哪了): m reads of one fixed vector against m × n
// attention comparisons, filled in as a grid row by row (one row per generated word), and the
// training-time view in which teacher forcing makes the whole grid one [m, n] matrix product.
#include "core/attention_cost.hpp"
#include "figures/eigen_value.hpp"
#include "figures/registry.hpp"

namespace attn {
namespace {

constexpr int kHidden = 512;  // the chapter's memory width h, for the multiply-add counts

Value shape(long long rows, long long cols) {
  return Value(std::vector<double>{static_cast<double>(rows), static_cast<double>(cols)});
}

Value compute_cost(const Params& p) {
  const int m = as_int(p, "m"), n = as_int(p, "n");
  const AttentionCost cost = attention_cost(m, n);
  const double macs = static_cast<double>(score_multiply_adds(m, n, kHidden));
  // Cell (t, j): the generation step (1 … m) that computes score(s_t, h_j).
  Value grid = matrix_value(m, n, Value::Numbers(cost.step_of_cell.begin(), cost.step_of_cell.end()));

  Value inference = Value::object().set("calls", m);  // H s_t once per generated word
  inference.set("each", Value::object().set("left", shape(n, kHidden)).set("right", shape(kHidden, 1)));
  inference.set("multiply_adds", macs);
  Value training = Value::object().set("calls", 1);  // E = S Hᵀ, all target steps at once
  training.set("left", shape(m, kHidden)).set("right", shape(kHidden, n)).set("shape", shape(m, n));
  training.set("multiply_adds", macs);

  Value data = Value::object();
  data.set("m", m).set("n", n).set("hidden", kHidden);
  data.set("fixed_vector_reads", static_cast<double>(cost.fixed_vector_reads));
  data.set("comparisons", static_cast<double>(cost.comparisons));
  data.set("grid", std::move(grid));
  data.set("inference", std::move(inference)).set("training", std::move(training));
  return data;
}

}  // namespace

Figure make_cost() {
  return Figure{
      "cost",
      "互动 · 省下的那部分代价去哪了：比对次数从 m 涨到 m × n",
      {
          {"m", "译文长度 m", 1, 50, 1, 5, {}, "m"},
          {"n", "源句长度 n", 1, 50, 1, 5, {}, "n"},
      },
      compute_cost,
  };
}

}  // namespace attn
