#include "wasm/common/arguments.hpp"

#include <cmath>
#include <cstdio>
#include <vector>

#include "core/checks.hpp"

namespace attn::wasm {
namespace {

std::string text(double x) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.15g", x);
  return buffer;
}

// The typed arrays whose elements are JS numbers (BigInt64Array's are not).
bool is_number_typed_array(const val& v) {
  static const char* const kinds[] = {"Float64Array", "Float32Array", "Int32Array",  "Uint32Array",
                                      "Int16Array",   "Uint16Array",  "Int8Array",   "Uint8Array",
                                      "Uint8ClampedArray"};
  for (const char* kind : kinds)
    if (v.instanceof(val::global(kind))) return true;
  return false;
}

// Array.prototype.every.call(array, Number.isFinite): no coercion, so "1", true, null, NaN
// and ±Infinity all fail it. (A hole is skipped by every(); it reads as NaN below and is caught.)
bool every_finite_number(const val& array) {
  const val every = val::global("Array")["prototype"]["every"];
  return every.call<bool>("call", array, val::global("Number")["isFinite"]);
}

}  // namespace

double finite_from_js(const val& v, const std::string& what) {
  require(v.isNumber(), what + " must be a number, got a " + v.typeOf().as<std::string>());
  const double x = v.as<double>();
  require(std::isfinite(x), what + " must be a finite number");
  return x;
}

int whole_from_js(const val& v, const std::string& what, double lo, double hi) {
  const double x = finite_from_js(v, what);
  require(x == std::floor(x) && x >= lo && x <= hi,
          what + " must be a whole number in [" + text(lo) + ", " + text(hi) + "], got " + text(x));
  return static_cast<int>(x);
}

Eigen::VectorXd vector_from_js(const val& array, const std::string& what, const char* shape, double expected) {
  const bool typed = is_number_typed_array(array);
  require(typed || array.isArray(),
          what + " must be an Array of numbers or a Float64Array, got " +
              (array.isNull() ? std::string("null") : array.typeOf().as<std::string>()));
  const double length = array["length"].as<double>();
  require(length >= 1, what + " must hold at least one number");
  require(expected < 0 || length == expected,
          what + ": expected " + text(expected) + " numbers (" + shape + "), got " + text(length));
  require_within(length, kMaxArrayLength, what + "'s length", "numbers per array");
  require(typed || every_finite_number(array),
          what + " must hold only finite numbers (no strings, booleans, NaN or ±Infinity)");
  // One copy through a view on the vector's memory: Float64Array.prototype.set converts every
  // element in JS. (Nothing allocates in between, so the view stays valid.)
  std::vector<double> xs(static_cast<size_t>(length));
  val(emscripten::typed_memory_view(xs.size(), xs.data())).call<void>("set", array);
  Eigen::VectorXd v = Eigen::Map<Eigen::VectorXd>(xs.data(), static_cast<Eigen::Index>(xs.size()));
  require(v.allFinite(), what + " must hold only finite numbers (no NaN, ±Infinity or holes)");
  return v;
}

Eigen::MatrixXd matrix_from_js(const val& array, int rows, int cols, const std::string& what) {
  const double expected = static_cast<double>(rows) * cols;
  require_within(expected, kMaxArrayLength, what + "'s rows × cols", "numbers per array");
  const std::string shape = std::to_string(rows) + " × " + std::to_string(cols);
  const Eigen::VectorXd flat = vector_from_js(array, what, shape.c_str(), expected);
  Eigen::MatrixXd m(rows, cols);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) m(i, j) = flat(static_cast<Eigen::Index>(i) * cols + j);
  return m;
}

void require_within(double amount, double limit, const std::string& what, const char* limit_name) {
  require(amount <= limit, what + " = " + text(amount) + ", over the limit of " + text(limit) + " " +
                               limit_name + " per call");
}

void require_distribution(const Eigen::VectorXd& p, const std::string& what) {
  require((p.array() >= 0).all(), what + " must be a probability vector: an entry is negative");
  const double sum = p.sum();
  require(std::abs(sum - 1) <= kSumTolerance,
          what + " must be a probability vector: its entries sum to " + text(sum) +
              ", not 1 (within " + text(kSumTolerance) + ")");
}

void require_distribution_rows(const Eigen::MatrixXd& m, const std::string& what) {
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    require_distribution(m.row(i).transpose(), what + " row " + std::to_string(i));
}

}  // namespace attn::wasm
