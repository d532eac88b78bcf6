#include "figures/spec.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace attn {
namespace {

std::string number_text(double x) {  // shortest readable form, as a reader typed it
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", x);
  return buf;
}

}  // namespace

Params resolve_params(const std::vector<ParamSpec>& specs, const Params& given) {
  for (const auto& entry : given) {
    bool known = false;
    for (const auto& spec : specs) known = known || spec.name == entry.first;
    if (!known) throw InvalidInput("unknown parameter '" + entry.first + "'");
  }
  Params out;
  for (const auto& spec : specs) {
    auto it = given.find(spec.name);
    if (it == given.end()) {
      out[spec.name] = spec.def;
      continue;
    }
    const double x = it->second;
    if (!std::isfinite(x))
      throw InvalidInput("parameter '" + spec.name + "' must be a finite number");
    if (x < spec.min || x > spec.max)
      throw InvalidInput("parameter '" + spec.name + "' = " + number_text(x) + " is outside [" +
                         number_text(spec.min) + ", " + number_text(spec.max) + "]");
    if (spec.is_integer() && x != std::floor(x))
      throw InvalidInput("parameter '" + spec.name + "' must be a whole number, got " +
                         number_text(x));
    out[spec.name] = x;
  }
  // Only once every value is valid: a refusal names what is wrong first.
  for (const auto& spec : specs) {
    if (spec.computed_by.empty()) continue;
    const auto elsewhere = spec.computed_by.find(static_cast<int>(out[spec.name]));
    if (elsewhere != spec.computed_by.end())
      throw InvalidInput("parameter '" + spec.name + "' = " + number_text(out[spec.name]) +
                         " is computed by the " + elsewhere->second + " module, not this one");
  }
  for (const auto& spec : specs)
    if (!spec.at_most.empty()) out[spec.name] = std::min(out[spec.name], out.at(spec.at_most));
  return out;
}

Value spec_value(const ParamSpec& spec) {
  Value v = Value::object();
  v.set("name", spec.name).set("label", spec.label);
  v.set("min", spec.min).set("max", spec.max).set("step", spec.step).set("default", spec.def);
  if (!spec.choices.empty()) v.set("choices", Value::strings(spec.choices));
  if (!spec.term.empty()) v.set("term", spec.term);
  if (!spec.at_most.empty()) v.set("atMost", spec.at_most);
  if (!spec.computed_by.empty()) {
    Value by = Value::object();
    for (const auto& [choice, module] : spec.computed_by) by.set(std::to_string(choice), module);
    v.set("computedBy", std::move(by));
  }
  return v;
}

int as_int(const Params& p, const std::string& name) {
  return static_cast<int>(std::lround(p.at(name)));
}

}  // namespace attn
