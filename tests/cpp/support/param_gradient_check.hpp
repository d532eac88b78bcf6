#pragma once
// Checks every parameter block's analytic gradient against central differences of the loss.
// Central differences, eps = 1e-6 in double; |analytic − numeric| ≤ 1e-6 · max(1, |analytic|).
// Blocks of up to 60 numbers are checked whole; larger ones (embeddings, W_out) at their 20
// largest gradient entries and 20 random ones.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "nmt/adam.hpp"
#include "core/rng.hpp"
#include "support/central_differences.hpp"

namespace attn::testing {

inline std::vector<Eigen::Index> entries_to_check(const ParamView& p, Rng& rng) {
  std::vector<Eigen::Index> idx(p.value.size());
  std::iota(idx.begin(), idx.end(), 0);
  if (idx.size() <= 60) return idx;
  std::partial_sort(idx.begin(), idx.begin() + 20, idx.end(),
                    [&p](Eigen::Index a, Eigen::Index b) { return std::abs(p.grad(a)) > std::abs(p.grad(b)); });
  idx.resize(20);
  for (int k = 0; k < 20; ++k) idx.push_back(static_cast<Eigen::Index>(rng.next_u64() % p.value.size()));
  return idx;
}

// `params` already hold the analytic gradients; `loss()` recomputes the loss alone.
template <class Loss>
void expect_gradients_match_central_differences(ParamList& params, Loss&& loss, Rng& rng) {
  constexpr double kEps = 1e-6, kTol = 1e-6;
  for (auto& p : params) {
    const Eigen::VectorXd analytic = p.grad;
    for (Eigen::Index k : entries_to_check(p, rng))
      EXPECT_NEAR(analytic(k), central_difference(p.value, k, loss, kEps), kTol * std::max(1.0, std::abs(analytic(k))))
          << p.name << "[" << k << "]";
  }
}

}  // namespace attn::testing
