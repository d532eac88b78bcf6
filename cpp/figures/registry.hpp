#pragma once
// Every figure of the chapter, by id. A figure is its parameter spec plus a function from
// validated parameters to plain data. Adding a figure: write cpp/figures/<id>.cpp defining
// `Figure make_<id>()`, and list it in registry.cpp.
#include <functional>
#include <string>
#include <vector>

#include "figures/spec.hpp"
#include "figures/value.hpp"

namespace attn {

struct Figure {
  std::string id;     // kebab-case, as in docs/FIGURES.md
  std::string title;  // the chapter's heading for it
  std::vector<ParamSpec> params;
  std::function<Value(const Params&)> compute;  // receives resolved (validated) params
  // Optional: work some later compute() may need that is too slow for one move of a control (a
  // claim's spread over a hundred seeds, needed only at a seed that breaks the claim), done ahead
  // of time, one slice per call (a few milliseconds); true once nothing is left. The page calls
  // it once the figure is drawn and again after each move, while the thread is idle: what is
  // left may depend on what compute() drew last (the seeds next to it, seed_neighbours.hpp).
  std::function<bool()> prepare = nullptr;
};

const std::vector<Figure>& all_figures();
const Figure& find_figure(const std::string& id);  // throws InvalidInput for an unknown id

// What compute_figure does with a claim whose spread over seeds prepare() has not measured yet
// (figures/claim_value.hpp).
enum class Spreads {
  kSettled,  // measures it: the native tool, the tests, figure()
  kPending,  // leaves it pending, so that a move never waits for a hundred seeds: the page draws
             // at once, and again once prepare() has measured them in idle time (figureAtOnce)
};

// {"id", "params", "data"}: the figure computed for the given (partial) params, checked against
// its spec first; with "pending": true added when a claim's spread was left pending. The second
// form computes a figure that is not (or not only) the registry's: the attn_figure2 module's
// `decoder` (cpp/figure2/trained_decoder.hpp).
Value compute_figure(const std::string& id, const Params& given, Spreads spreads = Spreads::kSettled);
Value compute_figure(const Figure& figure, const Params& given, Spreads spreads = Spreads::kSettled);

// One slice of the figure's prepare(); true when nothing is left to prepare (at once for a
// figure without one). Throws InvalidInput for an unknown id.
bool prepare_figure(const std::string& id);

// [{"id", "title", "params": [spec…]}…]
Value figures_value();

}  // namespace attn
