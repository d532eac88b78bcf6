// Fuzz cases over the figure registry: compute_figure(id, params) for generated ids and
// parameter sets, checked against what the spec alone says must happen.
#include "fuzz_case.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "figures/registry.hpp"
#include "fuzz_check.hpp"
#include "fuzz_values.hpp"

namespace attn::fuzz {
namespace {

// Quotes and non-printable bytes escaped, as in a C string literal.
std::string printable(const std::string& s) {
  std::string out;
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

std::string quoted(const std::string& s) { return "\"" + printable(s) + "\""; }

std::string describe(const std::string& id, const Params& params) {
  std::string out = "compute_figure(" + quoted(id) + ", {";
  std::string cli = "attn figure " + printable(id);
  for (const auto& [name, value] : params) {
    out += "{" + quoted(name) + ", " + exact(value) + "}, ";
    cli += " --" + printable(name) + " " + exact(value);
  }
  return out + "})   [native tool: " + cli + "]";
}

// Independently of spec.cpp: is this one value acceptable for its spec?
bool value_is_valid(const ParamSpec& spec, double x) {
  if (!std::isfinite(x) || x < spec.min || x > spec.max) return false;
  return !spec.is_integer() || x == std::floor(x);
}

// The names a rejection may blame: the unknown ones if any (checked first), else the ones
// with invalid values. Empty: the call must return.
std::vector<std::string> blameable(const Figure& figure, const Params& params) {
  std::vector<std::string> unknown, invalid;
  for (const auto& [name, value] : params) {
    const ParamSpec* spec = nullptr;
    for (const auto& s : figure.params)
      if (s.name == name) spec = &s;
    if (spec == nullptr) unknown.push_back(name);
    else if (!value_is_valid(*spec, value)) invalid.push_back(name);
  }
  return unknown.empty() ? invalid : unknown;
}

// The message quotes one of the names. what() is a C string, so a name with a NUL byte (a JS
// string may hold one) can only show up to the NUL.
bool names_one_of(const std::string& message, const std::vector<std::string>& names) {
  for (const auto& name : names) {
    const size_t nul = name.find('\0');
    const std::string shown = nul == std::string::npos ? "'" + name + "'" : "'" + name.substr(0, nul);
    if (message.find(shown) != std::string::npos) return true;
  }
  return false;
}

const Figure* known_figure(const std::string& id) {
  for (const auto& f : all_figures())
    if (f.id == id) return &f;
  return nullptr;
}

double given_or_default(const ParamSpec& spec, const Params& given) {
  const auto it = given.find(spec.name);
  return it == given.end() ? spec.def : it->second;
}

const ParamSpec& spec_named(const Figure& figure, const std::string& name) {
  for (const auto& spec : figure.params)
    if (spec.name == name) return spec;
  throw std::logic_error(figure.id + ": at_most names no parameter '" + name + "'");
}

// The returned object echoes the parameters used: given ones as given, others at default, and
// one bounded by another (`at_most`) at most that one's value.
void check_echo(const std::string& description, const Figure& figure, const Params& given,
                const Value& out) {
  if (out.at("id").as_string() != figure.id) broken(description, "returned id differs");
  for (const auto& spec : figure.params) {
    double expected = given_or_default(spec, given);
    if (!spec.at_most.empty()) expected = std::min(expected, given_or_default(spec_named(figure, spec.at_most), given));
    if (out.at("params").at(spec.name).as_number() != expected)
      broken(description, "params." + spec.name + " is not the value used");
  }
}

// The module that computes these (valid) params, when the spec says it is not this registry
// (decoder's weights = 1 is attn_figure2's): the call must refuse, naming it. Empty: this one.
std::string computing_module(const Figure& figure, const Params& params) {
  for (const auto& spec : figure.params) {
    const double value = given_or_default(spec, params);
    for (const auto& [choice, module] : spec.computed_by)
      if (value == choice) return module;
  }
  return "";
}

}  // namespace

CaseResult figure_case(FuzzSource& src) {
  std::vector<std::string> ids;
  for (const auto& f : all_figures()) ids.push_back(f.id);
  const std::string id = figure_id(src, ids);
  const Figure* figure = known_figure(id);
  // An unknown id still gets parameters, from some real figure's spec.
  const Figure& spec_source = figure ? *figure : all_figures()[src.choose(static_cast<unsigned>(ids.size()))];
  const Params params = param_set(src, spec_source.params);
  const std::string description = describe(id, params);

  const std::vector<std::string> blame = figure ? blameable(*figure, params) : std::vector<std::string>{id};
  const std::string elsewhere = figure != nullptr && blame.empty() ? computing_module(*figure, params) : "";
  const bool must_return = figure != nullptr && blame.empty() && elsewhere.empty();
  Value out;
  const Outcome outcome = guarded(
      description, must_return, [&] { out = compute_figure(id, params); },
      [&](const std::string& message) {
        return elsewhere.empty() ? names_one_of(message, blame) : message.find(elsewhere) != std::string::npos;
      });
  if (outcome == Outcome::kReturned) {
    if (!figure) broken(description, "an unknown id returned data");
    if (!must_return) broken(description, "invalid parameters were accepted");
    check_echo(description, *figure, params, out);
    require_finite(description, out.at("data"), "data");
    (void)to_json(out);  // the native tool's path: must not trip on anything in the data
  }
  return {figure ? "figure " + id : "figure <unknown id>", outcome, description};
}

}  // namespace attn::fuzz
