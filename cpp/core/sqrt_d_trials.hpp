#pragma once
// §4: why divide by √d. One trial draws a random query s and five keys h_1…h_5, all with
// independent N(0, 1) entries in d dimensions, and scores them twice:
//   raw    e_j = s·h_j          (a sum of d independent products: variance d)
//   scaled e_j = s·h_j / √d     (variance 1, whatever d is)
// then turns each row into α = softmax(e). As d grows the raw row spreads out, its range grows
// like √d, and softmax collapses to one-hot (entropy → 0); the scaled row keeps its spread.
#include <Eigen/Dense>
#include <cstdint>
#include <vector>

namespace attn {

struct ScoredRow {
  Eigen::VectorXd scores;  // e_j
  Eigen::VectorXd alpha;   // softmax(e)
  double entropy = 0;      // H(α) = −Σ α_j ln α_j, at most ln(keys)
  double range = 0;        // max e − min e
};

struct SqrtDTrial {
  ScoredRow raw;
  ScoredRow scaled;
};

struct SqrtDSummary {
  std::vector<SqrtDTrial> trials;
  double raw_entropy_mean = 0, raw_range_mean = 0;
  double scaled_entropy_mean = 0, scaled_range_mean = 0;
  // The most typical trial: the one whose raw entropy is closest to the raw mean entropy
  // (the quantity the chapter's text is about); on a tie, the earlier trial.
  int typical = 0;
};

// One trial in d dimensions with `keys` keys, drawn from its own stream (seed).
SqrtDTrial sqrt_d_trial(int d, int keys, std::uint64_t seed);

// `trials` trials; trial t uses the stream derive_seed(seed, t), so trial t does not depend on
// how many trials are run.
SqrtDSummary sqrt_d_trials(int d, std::uint64_t seed, int trials = 5, int keys = 5);

}  // namespace attn
