#pragma once
// The grey band of §1's figures: gradient sizes from 1e-2 to 1e2 count as healthy — a word
// whose influence on c falls below the band is, for training, as good as forgotten.
#include <vector>

namespace attn {

constexpr double kBandLow = 1e-2;
constexpr double kBandHigh = 1e2;

inline bool in_band(double x) { return x >= kBandLow && x <= kBandHigh; }

// The first n (1-based, norms[n−1]) at which the curve is outside the band; 0 if it never is.
inline int band_exit(const std::vector<double>& norms) {
  for (size_t i = 0; i < norms.size(); ++i)
    if (!in_band(norms[i])) return static_cast<int>(i) + 1;
  return 0;
}

}  // namespace attn
