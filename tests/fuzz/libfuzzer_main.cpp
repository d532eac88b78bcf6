// The libFuzzer entry: the input bytes are the decisions of one fuzz case (ByteSource), so
// coverage feedback steers which figure, which parameter values, which shapes. A broken contract
// aborts, and libFuzzer saves the input as the reproducer (replay: attn_fuzz <file>).
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "fuzz_case.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size) {
  attn::fuzz::ByteSource src(data, size);
  try {
    attn::fuzz::any_case(src);
  } catch (const attn::fuzz::ContractBroken& b) {
    std::fprintf(stderr, "contract broken: %s\n    call: %s\n", b.what.c_str(), b.call.c_str());
    std::abort();
  }
#ifdef ATTN_EIGEN_ASSERT_THROWS
  catch (const EigenAssertionFailed& e) {
    std::fprintf(stderr, "Eigen assertion failed outside a guarded call: %s at %s:%d\n", e.expression, e.file, e.line);
    std::abort();
  }
#endif
  return 0;
}
