#include "figures/spec.hpp"

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
  return out;
}

Value spec_value(const ParamSpec& spec) {
  Value v = Value::object();
  v.set("name", spec.name).set("label", spec.label);
  v.set("min", spec.min).set("max", spec.max).set("step", spec.step).set("default", spec.def);
  if (!spec.choices.empty()) v.set("choices", Value::strings(spec.choices));
  if (!spec.term.empty()) v.set("term", spec.term);
  return v;
}

int as_int(const Params& p, const std::string& name) {
  return static_cast<int>(std::lround(p.at(name)));
}

}  // namespace attn
