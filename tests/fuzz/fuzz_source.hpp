#pragma once
// Where a fuzz case gets its decisions from. The same case code runs under two drivers:
//   RngSource   our seeded Rng: the deterministic harness ctest runs (fixed seed, N cases)
//   ByteSource  libFuzzer's input bytes: coverage-guided search
// A RecordingSource wraps an RngSource and writes every decision as the bytes a ByteSource
// would read back, so the deterministic cases become libFuzzer's seed corpus.
#include <cstdint>
#include <cstring>
#include <vector>

#include "core/rng.hpp"

namespace attn::fuzz {

class FuzzSource {
 public:
  virtual ~FuzzSource() = default;
  // A whole number in [0, n), n ≥ 1 (at most 65536).
  virtual unsigned choose(unsigned n) = 0;
  // Any 64-bit pattern, read as a double (NaNs, infinities and denormals included).
  virtual double any_double() = 0;
  // A fraction in [0, 1).
  double fraction() { return choose(65536) / 65536.0; }
};

class RngSource : public FuzzSource {
 public:
  explicit RngSource(std::uint64_t seed) : rng_(seed) {}
  unsigned choose(unsigned n) override { return static_cast<unsigned>(rng_.next_u64() % n); }
  double any_double() override { return from_bits(rng_.next_u64()); }

  static double from_bits(std::uint64_t bits) {
    double x;
    std::memcpy(&x, &bits, sizeof x);
    return x;
  }

 private:
  Rng rng_;
};

// Decoding of libFuzzer bytes: choose(n) reads one byte when n ≤ 256, else two; any_double
// reads eight. Past the end every read gives 0, so any input is a complete case.
class ByteSource : public FuzzSource {
 public:
  ByteSource(const std::uint8_t* data, size_t size) : data_(data), size_(size) {}
  unsigned choose(unsigned n) override {
    const unsigned raw = n <= 256 ? byte() : (byte() | (byte() << 8));
    return raw % n;
  }
  double any_double() override {
    std::uint64_t bits = 0;
    for (int i = 0; i < 8; ++i) bits |= static_cast<std::uint64_t>(byte()) << (8 * i);
    return RngSource::from_bits(bits);
  }

 private:
  unsigned byte() { return pos_ < size_ ? data_[pos_++] : 0u; }
  const std::uint8_t* data_;
  size_t size_, pos_ = 0;
};

class RecordingSource : public FuzzSource {
 public:
  explicit RecordingSource(std::uint64_t seed) : inner_(seed) {}
  unsigned choose(unsigned n) override {
    const unsigned v = inner_.choose(n);
    bytes_.push_back(static_cast<std::uint8_t>(v & 0xff));
    if (n > 256) bytes_.push_back(static_cast<std::uint8_t>(v >> 8));
    return v;
  }
  double any_double() override {
    const double x = inner_.any_double();
    std::uint64_t bits;
    std::memcpy(&bits, &x, sizeof bits);
    for (int i = 0; i < 8; ++i) bytes_.push_back(static_cast<std::uint8_t>(bits >> (8 * i)));
    return x;
  }
  const std::vector<std::uint8_t>& bytes() const { return bytes_; }

 private:
  RngSource inner_;
  std::vector<std::uint8_t> bytes_;
};

}  // namespace attn::fuzz
