#pragma once
// Arguments from JS, checked strictly at the door, each refused by name with the range it must
// lie in. Numbers are JS numbers only: no strings ("2"), booleans or objects, nothing coerced.
// Sizes are whole numbers within a stated range, so 2**32 + 2 or 2.9 never runs as 2. Numeric
// arrays are Arrays or number typed arrays holding finite numbers. Every check is made before
// anything is allocated, so a refused call costs nothing; and none of them makes a JS call that
// can throw (see guarded.hpp: a JS exception would leak).
#include <emscripten/val.h>

#include <Eigen/Dense>
#include <string>

namespace attn::wasm {

using emscripten::val;

// Limits on one call. An array argument holds at most kMaxArrayLength numbers (16 MB); a result
// at most kMaxResultNumbers (32 MB); a call's work, estimated in multiply-adds by the binding,
// at most kMaxWork (about a second in WASM). Refused up front with a message naming the limit,
// so that no call can run for minutes or grow the heap towards 2 GB.
constexpr double kMaxArrayLength = 1 << 21;
constexpr double kMaxResultNumbers = 1 << 22;
constexpr double kMaxWork = 1 << 30;

// A JS number, finite.
double finite_from_js(const val& v, const std::string& what);
// A JS number that is a whole number in [lo, hi].
int whole_from_js(const val& v, const std::string& what, double lo, double hi);

// An Array of finite numbers or a number typed array (Float64Array, Int32Array, … — not
// BigInt64Array) of finite values, 1 … kMaxArrayLength long; `expected` long if that is ≥ 0
// (`shape` says why, in the message).
Eigen::VectorXd vector_from_js(const val& array, const std::string& what, const char* shape = "",
                               double expected = -1);
// The same, holding rows × cols numbers row-major (entry (i, j) at i·cols + j).
Eigen::MatrixXd matrix_from_js(const val& array, int rows, int cols, const std::string& what);

// Refuses `amount` over `limit`: "<what> = <amount>, over the limit of <limit> (<limit_name>)".
void require_within(double amount, double limit, const std::string& what, const char* limit_name);

// A probability vector: entries ≥ 0 summing to 1 within kSumTolerance. For a matrix, every row.
constexpr double kSumTolerance = 1e-6;
void require_distribution(const Eigen::VectorXd& p, const std::string& what);
void require_distribution_rows(const Eigen::MatrixXd& m, const std::string& what);

}  // namespace attn::wasm
