// Written byte by byte, so the file is the same on any host; read with every check a file from
// the network needs (size, magic, finiteness).
#include "figure2/weight_file.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>

#include "core/checks.hpp"

namespace attn {

namespace {

constexpr char kMagic[8] = {'A', 'T', 'T', 'N', 'W', '0', '0', '1'};
constexpr std::size_t kHeader = 12;

void put_u32(std::vector<unsigned char>& out, std::uint32_t x) {
  for (int b = 0; b < 4; ++b) out.push_back(static_cast<unsigned char>(x >> (8 * b)));
}

std::uint32_t get_u32(const unsigned char* p) {
  return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 | std::uint32_t(p[3]) << 24;
}

}  // namespace

std::vector<unsigned char> encode_weight_file(const std::vector<float>& weights) {
  require(weights.size() <= 0xFFFFFFFFu, "weight file: more than 2³² − 1 weights");
  std::vector<unsigned char> out(kMagic, kMagic + 8);
  out.reserve(kHeader + 4 * weights.size());
  put_u32(out, static_cast<std::uint32_t>(weights.size()));
  for (float w : weights) {
    std::uint32_t bits;
    std::memcpy(&bits, &w, 4);
    put_u32(out, bits);
  }
  return out;
}

std::vector<float> decode_weight_file(const std::vector<unsigned char>& bytes) {
  require(bytes.size() >= kHeader, "weight file: shorter than its 12-byte header");
  require(std::memcmp(bytes.data(), kMagic, 8) == 0, "weight file: does not start with ATTNW001");
  const std::uint64_t count = get_u32(bytes.data() + 8);
  const std::uint64_t body = bytes.size() - kHeader;
  require(body >= 4 * count, "weight file: truncated (header says " + std::to_string(count) + " floats, " +
                                 std::to_string(body / 4) + " present)");
  require(body == 4 * count, "weight file: " + std::to_string(body - 4 * count) + " bytes after the " +
                                 std::to_string(count) + " floats");
  std::vector<float> out(count);
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint32_t bits = get_u32(bytes.data() + kHeader + 4 * i);
    std::memcpy(&out[i], &bits, 4);
    require(std::isfinite(out[i]), "weight file: weight " + std::to_string(i) + " is not finite");
  }
  return out;
}

}  // namespace attn
