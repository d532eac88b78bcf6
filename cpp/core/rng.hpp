#pragma once
// The one source of randomness of the project. Native (libstdc++) and WASM (libc++) must give
// the same numbers, so nothing here uses <random>'s distributions, whose algorithms differ
// between standard libraries: raw 64-bit output comes from xoshiro256**, seeded by splitmix64,
// and normal samples are made from it by Box–Muller.
#include <Eigen/Dense>
#include <cstdint>

namespace attn {

class Rng {
 public:
  explicit Rng(std::uint64_t seed);

  std::uint64_t next_u64();
  // Uniform on [0, 1) with 53 random bits.
  double uniform();
  // Standard normal N(0, 1).
  double normal();

  Eigen::MatrixXd normal_matrix(int rows, int cols, double stddev = 1.0);
  Eigen::VectorXd normal_vector(int size, double stddev = 1.0);

 private:
  std::uint64_t s_[4];
  bool has_spare_ = false;
  double spare_ = 0.0;
};

// A seed for an independent stream, derived from a base seed and a label (e.g. a word's index),
// so that adding a word to a sentence never changes the vectors of the words already there.
std::uint64_t derive_seed(std::uint64_t base, std::uint64_t label);

}  // namespace attn
