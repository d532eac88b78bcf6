// Figure `ledger` (暗线 C 参数账本): the parameters each scorer adds at memory width h, counted
// from the scorers' weight objects, with a Chinese reading such as 「≈ 52 万」.
#include <cmath>
#include <cstdio>
#include <string>

#include "core/scorer_ledger.hpp"
#include "figures/registry.hpp"

namespace attn {
namespace {

// Chinese magnitude: exact below 1 万; 1 万 … 10 万 with one decimal; whole 万 above that;
// 亿 from 1 亿. 「≈」 only when the reading is rounded.
std::string approx_zh(long long x) {
  if (x < 10000) return std::to_string(x);
  const bool yi = x >= 100000000LL;
  const double scaled = static_cast<double>(x) / (yi ? 1e8 : 1e4);
  const int decimals = scaled < 10 ? 1 : 0;
  const double unit = decimals ? 0.1 : 1.0;
  const double rounded = std::round(scaled / unit) * unit;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, rounded);
  std::string text = buf;
  if (decimals && text.size() > 2 && text.compare(text.size() - 2, 2, ".0") == 0) text.resize(text.size() - 2);
  const bool exact = rounded * (yi ? 1e8 : 1e4) == static_cast<double>(x);
  return std::string(exact ? "" : "≈ ") + text + (yi ? " 亿" : " 万");
}

Value ledger_value(const ScorerLedger& ledger) {
  Value::Array blocks;
  for (const auto& b : ledger.blocks) {
    Value shape(std::vector<double>{static_cast<double>(b.rows), static_cast<double>(b.cols)});
    blocks.push_back(Value::object().set("name", b.name).set("shape", std::move(shape)).set("count", static_cast<double>(b.count())));
  }
  Value v = Value::object().set("total", static_cast<double>(ledger.total));
  v.set("zh", approx_zh(ledger.total)).set("blocks", Value(std::move(blocks)));
  return v;
}

Value compute_ledger(const Params& p) {
  const int h = as_int(p, "hidden");
  Value data = Value::object().set("hidden", h);
  data.set("additive", ledger_value(additive_ledger(h)));
  data.set("general", ledger_value(general_ledger(h)));
  data.set("dot", ledger_value(dot_ledger(h)));
  return data;
}

}  // namespace

Figure make_ledger() {
  return Figure{
      "ledger",
      "暗线 C 参数账本",
      {
          {"hidden", "记忆宽度 h", 1, 1024, 1, 512, {}, "hidden"},
      },
      compute_ledger,
  };
}

}  // namespace attn
