#include "core/most_likely.hpp"

#include <algorithm>
#include <numeric>

#include "core/checks.hpp"

namespace attn {

std::vector<int> most_likely(const Eigen::VectorXd& p, int k) {
  require(k >= 0, "most_likely: k must not be negative");
  std::vector<int> order(static_cast<std::size_t>(p.size()));
  std::iota(order.begin(), order.end(), 0);
  const auto n = static_cast<std::ptrdiff_t>(std::min<Eigen::Index>(k, p.size()));
  std::partial_sort(order.begin(), order.begin() + n, order.end(),
                    [&p](int a, int b) { return p(a) > p(b) || (p(a) == p(b) && a < b); });
  order.resize(static_cast<std::size_t>(n));
  return order;
}

}  // namespace attn
