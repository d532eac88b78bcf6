#pragma once
// A seed-dependent claim of the chapter (core/seed_claims) as the page receives it:
//   {holds, value, across}   whether the reader's seed keeps the claim, the number it shows there,
//                            and, only when the seed breaks it (a hundred runs are not free), the
//                            spread over seeds 1–100: {first_seed, last_seed, measured, min, max,
//                            median, holding}; null while the claim holds.
// The figure adds what the claim is measured against (an interval, a threshold).
#include <cmath>
#include <utility>

#include "core/seed_claims.hpp"
#include "figures/value.hpp"

namespace attn {

inline Value finite_or_null(double x) { return std::isfinite(x) ? Value(x) : Value(); }

inline Value seed_spread_value(const SeedSpread& s) {
  Value v = Value::object();
  v.set("first_seed", s.first_seed).set("last_seed", s.last_seed).set("measured", s.measured);
  v.set("min", finite_or_null(s.min)).set("max", finite_or_null(s.max)).set("median", finite_or_null(s.median));
  v.set("holding", s.holding);
  return v;
}

// across() → const SeedSpread&, called only when the claim does not hold.
template <class Across>
Value claim_value(bool holds, Value value, Across&& across) {
  Value v = Value::object();
  v.set("holds", holds).set("value", std::move(value));
  v.set("across", holds ? Value() : seed_spread_value(across()));
  return v;
}

}  // namespace attn
