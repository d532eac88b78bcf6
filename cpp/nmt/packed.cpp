#include "nmt/packed.hpp"

#include <algorithm>
#include <numeric>

#include "core/checks.hpp"

namespace attn::batched {

Packed pack(const std::vector<int>& lengths) {
  Packed p;
  const int B = static_cast<int>(lengths.size());
  for (int n : lengths) require(n >= 1, "pack: every sentence needs at least one step");
  p.order.resize(B);
  std::iota(p.order.begin(), p.order.end(), 0);
  std::stable_sort(p.order.begin(), p.order.end(), [&](int a, int b) { return lengths[a] > lengths[b]; });
  p.pos.resize(B);
  for (int j = 0; j < B; ++j) p.pos[p.order[j]] = j, p.length.push_back(lengths[p.order[j]]);
  p.steps = B ? p.length[0] : 0;
  for (int t = 0; t < p.steps; ++t) {
    int k = 0;
    while (k < B && p.length[k] > t) ++k;
    p.offset.push_back(p.total);
    p.active.push_back(k);
    p.total += k;
  }
  return p;
}

}  // namespace attn::batched
