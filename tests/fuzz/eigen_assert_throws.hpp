#pragma once
// Forced into every file of the sanitizer build (-include, see CMakeLists.txt): a failed
// eigen_assert — a size or index check the core forgot to make itself — throws instead of
// aborting, so the fuzz run reports every such case with its replay line and goes on, and a
// GoogleTest case fails with the assertion's text. Deliberately not a std::exception: nothing in
// the core can mistake it for InvalidInput.
#define ATTN_EIGEN_ASSERT_THROWS 1

struct EigenAssertionFailed {
  const char* expression;
  const char* file;
  int line;
};

#define eigen_assert(x) \
  do { \
    if (!(x)) throw EigenAssertionFailed{#x, __FILE__, __LINE__}; \
  } while (false)
