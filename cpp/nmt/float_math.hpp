#pragma once
// tanh, exp and σ for the batched trainer, on its scalar type T. The float versions are ours:
// branch-free (so the loops over a column vectorise) and built from + − × ÷, min/max and
// float↔int only, which IEEE 754 rounds the same everywhere. libm's tanh/exp differ in the last
// bit between glibc (native) and musl (WASM); with these, the two builds train bit-identically.
// The double versions (the instantiation the gradient tests check) are libm's.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace attn::batched {

// tanh(a) ≈ x·p(x²)/q(x²), x = a clamped to ±7.905 (where tanh rounds to ±1 in float): Eigen's
// generic_fast_tanh_float coefficients, max abs. error 3.2e-7. Near 0, tanh(a) = a in float.
inline float float_tanh(float a) {
  const float x = std::min(7.90531110763549805f, std::max(-7.90531110763549805f, a)), x2 = x * x;
  float p = x2 * -2.76076847742355e-16f + 2.00018790482477e-13f;
  p = x2 * p + -8.60467152213735e-11f;
  p = x2 * p + 5.12229709037114e-08f;
  p = x2 * p + 1.48572235717979e-05f;
  p = x2 * p + 6.37261928875436e-04f;
  p = x2 * p + 4.89352455891786e-03f;
  p = x * p;
  float q = x2 * 1.19825839466702e-06f + 1.18534705686654e-04f;
  q = x2 * q + 2.26843463243900e-03f;
  q = x2 * q + 4.89352518554385e-03f;
  return std::abs(a) < 0.0004f ? a : p / q;
}

// exp(a) = 2^k · P(r), r = a − k·ln2 ∈ [−ln2/2, ln2/2] (ln2 split in two for an exact k·ln2_hi),
// P Cephes' degree-6 expf polynomial (rel. error 7.8e-8), 2^k written into the exponent bits.
inline float float_exp(float a) {
  const float x = std::min(88.3762626647949f, std::max(-87.3365478515625f, a));
  const float t = x * 1.44269504088896341f;
  const int k = static_cast<int>(t + (t >= 0 ? 0.5f : -0.5f));
  const float kf = static_cast<float>(k);
  const float r = (x - kf * 0.693359375f) + kf * 2.12194440e-4f;
  float p = 1.9875691500E-4f;
  p = p * r + 1.3981999507E-3f;
  p = p * r + 8.3334519073E-3f;
  p = p * r + 4.1665795894E-2f;
  p = p * r + 1.6666665459E-1f;
  p = p * r + 5.0000001201E-1f;
  p = p * r * r + r + 1.0f;
  const std::int32_t bits = (k + 127) << 23;
  float scale;
  std::memcpy(&scale, &bits, sizeof scale);
  return p * scale;
}

inline float exp_of(float a) { return float_exp(a); }
inline double exp_of(double a) { return std::exp(a); }
inline float tanh_of(float a) { return float_tanh(a); }
inline double tanh_of(double a) { return std::tanh(a); }

// σ(a) = ½ + ½ tanh(a/2): one tanh, no overflow for any a.
template <class T>
inline T sigmoid_of(T a) {
  return T(0.5) + T(0.5) * tanh_of(T(0.5) * a);
}

}  // namespace attn::batched
