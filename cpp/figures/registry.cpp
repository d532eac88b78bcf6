#include "figures/registry.hpp"

#include "figures/claim_value.hpp"

namespace attn {

Figure make_funnel();
Figure make_length();
Figure make_sqrt_d();
Figure make_path();
Figure make_cost();
Figure make_ledger();
Figure make_decoder();
Figure make_three_steps();
Figure make_mix();
Figure make_softmax();
Figure make_dot_attention();
Figure make_scorers();

const std::vector<Figure>& all_figures() {
  static const std::vector<Figure> figures = {
      make_funnel(),
      make_length(),
      make_three_steps(),
      make_mix(),
      make_softmax(),
      make_dot_attention(),
      make_scorers(),
      make_sqrt_d(),
      make_path(),
      make_cost(),
      make_ledger(),
      make_decoder(),
  };
  return figures;
}

const Figure& find_figure(const std::string& id) {
  for (const auto& f : all_figures())
    if (f.id == id) return f;
  throw InvalidInput("unknown figure id '" + id + "'");
}

bool prepare_figure(const std::string& id) {
  const Figure& figure = find_figure(id);
  return !figure.prepare || figure.prepare();
}

Value compute_figure(const std::string& id, const Params& given, Spreads spreads) {
  return compute_figure(find_figure(id), given, spreads);
}

Value compute_figure(const Figure& figure, const Params& given, Spreads spreads) {
  const Params params = resolve_params(figure.params, given);
  Value params_value = Value::object();
  for (const auto& spec : figure.params) params_value.set(spec.name, params.at(spec.name));
  const SpreadsMayWait scope(spreads == Spreads::kPending);
  Value out = Value::object();
  out.set("id", figure.id).set("params", std::move(params_value));
  out.set("data", figure.compute(params));
  if (scope.left_pending()) out.set("pending", true);
  return out;
}

Value figures_value() {
  Value::Array list;
  for (const auto& f : all_figures()) {
    Value::Array specs;
    for (const auto& spec : f.params) specs.push_back(spec_value(spec));
    Value entry = Value::object();
    entry.set("id", f.id).set("title", f.title).set("params", Value(std::move(specs)));
    list.push_back(std::move(entry));
  }
  return Value(std::move(list));
}

}  // namespace attn
