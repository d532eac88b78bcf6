#include "core/sqrt_d_trials.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "core/checks.hpp"
#include "core/measures.hpp"
#include "core/rng.hpp"
#include "core/softmax.hpp"

namespace attn {
namespace {

ScoredRow score_row(const Eigen::VectorXd& e) {
  ScoredRow row;
  row.scores = e;
  row.alpha = softmax(e);  // subtracts max e first: no overflow even for raw scores at d = 512
  row.entropy = entropy(row.alpha);
  row.range = value_range(e);
  return row;
}

}  // namespace

SqrtDTrial sqrt_d_trial(int d, int keys, std::uint64_t seed) {
  require(d >= 1, "sqrt_d_trial: d must be at least 1, got " + std::to_string(d));
  require(keys >= 1, "sqrt_d_trial: need at least one key, got " + std::to_string(keys));
  Rng rng(seed);
  const Eigen::VectorXd s = rng.normal_vector(d);
  const Eigen::MatrixXd H = rng.normal_matrix(keys, d);  // row j = h_jᵀ
  const Eigen::VectorXd raw = H * s;                      // e_j = s·h_j
  return SqrtDTrial{score_row(raw), score_row(raw / std::sqrt(static_cast<double>(d)))};
}

SqrtDSummary sqrt_d_trials(int d, std::uint64_t seed, int trials, int keys) {
  require(trials >= 1, "sqrt_d_trials: need at least one trial, got " + std::to_string(trials));
  SqrtDSummary out;
  for (int t = 0; t < trials; ++t) {
    out.trials.push_back(sqrt_d_trial(d, keys, derive_seed(seed, static_cast<std::uint64_t>(t))));
    const SqrtDTrial& tr = out.trials.back();
    out.raw_entropy_mean += tr.raw.entropy / trials;
    out.raw_range_mean += tr.raw.range / trials;
    out.scaled_entropy_mean += tr.scaled.entropy / trials;
    out.scaled_range_mean += tr.scaled.range / trials;
  }
  double best = std::numeric_limits<double>::infinity();
  for (int t = 0; t < trials; ++t) {
    const double gap = std::abs(out.trials[t].raw.entropy - out.raw_entropy_mean);
    if (gap < best) {
      best = gap;
      out.typical = t;
    }
  }
  return out;
}

}  // namespace attn
