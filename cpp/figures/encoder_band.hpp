#pragma once
// The healthy band of §1's figures (core/healthy_band.hpp) as the page receives it.
#include <vector>

#include "core/healthy_band.hpp"
#include "figures/value.hpp"

namespace attn {

inline Value band_value() { return Value(std::vector<double>{kBandLow, kBandHigh}); }

}  // namespace attn
