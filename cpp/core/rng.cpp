#include "core/rng.hpp"

#include <cmath>

namespace attn {
namespace {

std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

constexpr double kTwoPi = 6.283185307179586476925286766559;

}  // namespace

Rng::Rng(std::uint64_t seed) {
  std::uint64_t x = seed;
  for (auto& word : s_) word = splitmix64(x);
}

std::uint64_t Rng::next_u64() {  // xoshiro256** (Blackman & Vigna)
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

double Rng::uniform() { return static_cast<double>(next_u64() >> 11) * 0x1.0p-53; }

double Rng::normal() {
  if (has_spare_) {
    has_spare_ = false;
    return spare_;
  }
  // Box–Muller: r = √(−2 ln u₁) with u₁ ∈ (0, 1] (never log 0), angle θ = 2π u₂.
  const double u1 = 1.0 - uniform();
  const double u2 = uniform();
  const double r = std::sqrt(-2.0 * std::log(u1));
  spare_ = r * std::sin(kTwoPi * u2);
  has_spare_ = true;
  return r * std::cos(kTwoPi * u2);
}

Eigen::MatrixXd Rng::normal_matrix(int rows, int cols, double stddev) {
  Eigen::MatrixXd m(rows, cols);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) m(i, j) = stddev * normal();
  return m;
}

Eigen::VectorXd Rng::normal_vector(int size, double stddev) {
  Eigen::VectorXd v(size);
  for (int i = 0; i < size; ++i) v(i) = stddev * normal();
  return v;
}

std::uint64_t derive_seed(std::uint64_t base, std::uint64_t label) {
  std::uint64_t x = base ^ (label * 0xd1b54a32d192ed03ULL);
  splitmix64(x);
  return splitmix64(x);
}

}  // namespace attn
