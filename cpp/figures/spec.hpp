#pragma once
// A figure's parameters: their spec (the single place where names, ranges, steps and defaults
// live; the page builds its controls from it) and the validation every figure runs first.
#include <map>
#include <string>
#include <vector>

#include "core/checks.hpp"  // InvalidInput: bad input, message names the parameter
#include "figures/value.hpp"

namespace attn {

struct ParamSpec {
  std::string name;    // key in params, the URL hash and the CLI (--name)
  std::string label;   // the control's label on the page (Chinese, as the chapter names it)
  double min = 0, max = 1, step = 1, def = 0;
  // For a choice: the labels of values 0, 1, 2…; then min = 0, max = choices.size() − 1, step 1.
  std::vector<std::string> choices;
  std::string term;    // the formula term this control changes (for formula ↔ control links)
  // A whole-number parameter bounded by another one: the value used is min(this, that). path's
  // j spans the longest sentence whatever n is; a position past the end means the last word.
  std::string at_most = {};
  // Choices whose figure another WASM module computes, with that module's name: decoder's
  // weights = 1 is Figure 2's trained RNNsearch, which only attn_figure2 holds. A figure computed
  // here refuses them, naming the module.
  std::map<int, std::string> computed_by = {};

  bool is_integer() const { return step == 1.0 && min == static_cast<long long>(min); }
};

using Params = std::map<std::string, double>;


// Fills in defaults and checks every given value against the spec: unknown names, NaN,
// out-of-range values and non-whole numbers for whole-number parameters are rejected with a
// message naming the parameter; a choice computed by another module is refused, naming it.
// Returns the complete parameter set with the values the figure uses (`at_most` applied).
Params resolve_params(const std::vector<ParamSpec>& specs, const Params& given);

// The spec as plain data, for `attn figures` and for the page.
Value spec_value(const ParamSpec& spec);

// Readability helpers for figures.
int as_int(const Params& p, const std::string& name);

}  // namespace attn
