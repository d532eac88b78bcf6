#pragma once
// A seed-dependent claim of the chapter (core/seed_claims) as the page receives it:
//   {holds, value, across}   whether the reader's seed keeps the claim, the number it shows there,
//                            and, only when the seed breaks it, the spread over seeds 1–100:
//                            {first_seed, last_seed, measured, min, max, median, holding}; null
//                            while the claim holds.
// A hundred seeds are not free (up to 35 ms in the page, a phone's four times that), so when the
// page computes a move (Spreads::kPending, registry.hpp) they are not measured inside it: the
// figure's prepare() measures them a slice at a time, and until it has, `across` is
// {first_seed, last_seed, pending: true}. Every other caller gets the spread measured.
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

inline Value pending_spread_value(const SeedSpreadInSlices& s) {
  return Value::object().set("first_seed", s.first_seed()).set("last_seed", s.last_seed()).set("pending", true);
}

// In force while compute_figure computes a move for the page: claim_value then leaves a spread
// that is not measured yet pending, and the scope remembers that it did.
class SpreadsMayWait {
 public:
  explicit SpreadsMayWait(bool may_wait) : outer_(current_) { current_ = may_wait ? this : nullptr; }
  ~SpreadsMayWait() { current_ = outer_; }
  SpreadsMayWait(const SpreadsMayWait&) = delete;
  SpreadsMayWait& operator=(const SpreadsMayWait&) = delete;
  bool left_pending() const { return left_pending_; }
  // claim_value's question: may this spread be left pending? When yes, it is, and it is noted.
  static bool leave_pending() {
    if (!current_) return false;
    current_->left_pending_ = true;
    return true;
  }

 private:
  SpreadsMayWait* outer_;
  bool left_pending_ = false;
  static inline SpreadsMayWait* current_ = nullptr;
};

// spread_of() → SeedSpreadInSlices&, called only when the claim does not hold.
template <class SpreadOf>
Value claim_value(bool holds, Value value, SpreadOf&& spread_of) {
  Value v = Value::object();
  v.set("holds", holds).set("value", std::move(value));
  if (holds) {
    v.set("across", Value());
    return v;
  }
  SeedSpreadInSlices& spread = spread_of();
  const bool wait = !spread.measured_all() && SpreadsMayWait::leave_pending();
  v.set("across", wait ? pending_spread_value(spread) : seed_spread_value(spread.spread()));
  return v;
}

}  // namespace attn
