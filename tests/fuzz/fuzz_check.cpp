#include "fuzz_check.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace attn::fuzz {

std::string exact(double x) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}

std::string describe(const Eigen::MatrixXd& m) {
  std::string out = std::to_string(m.rows()) + "×" + std::to_string(m.cols());
  if (m.size() <= 8) {
    out += " [";
    for (Eigen::Index i = 0; i < m.size(); ++i) out += (i ? ", " : "") + exact(m.data()[i]);
    return out + "]";
  }
  int non_finite = 0;
  double largest = 0;
  for (Eigen::Index i = 0; i < m.size(); ++i) {
    const double x = m.data()[i];
    if (!std::isfinite(x)) ++non_finite;
    else largest = std::max(largest, std::abs(x));
  }
  return out + " (max |x| " + exact(largest) + ", " + std::to_string(non_finite) + " non-finite)";
}

bool moderate(const Eigen::MatrixXd& m) { return m.allFinite() && max_abs(m) <= 1e100; }

double max_abs(const Eigen::MatrixXd& m) {
  double largest = 0;
  for (Eigen::Index i = 0; i < m.size(); ++i) {
    if (std::isnan(m.data()[i])) return m.data()[i];
    largest = std::max(largest, std::abs(m.data()[i]));
  }
  return largest;
}

void require_finite(const std::string& description, const Value& value, const std::string& where) {
  if (value.is_number() && !std::isfinite(value.as_number()))
    broken(description, "data " + where + " = " + exact(value.as_number()));
  if (value.is_numbers()) {
    const auto& xs = value.as_numbers();
    for (size_t i = 0; i < xs.size(); ++i)
      if (!std::isfinite(xs[i]))
        broken(description, "data " + where + "[" + std::to_string(i) + "] = " + exact(xs[i]));
  }
  if (value.is_array())
    for (size_t i = 0; i < value.as_array().size(); ++i)
      require_finite(description, value.as_array()[i], where + "[" + std::to_string(i) + "]");
  if (value.is_object())
    for (const auto& field : value.as_object())
      require_finite(description, field.second, where + "." + field.first);
}

void require_finite(const std::string& description, const Eigen::MatrixXd& m, const std::string& what) {
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    for (Eigen::Index j = 0; j < m.cols(); ++j)
      if (!std::isfinite(m(i, j)))
        broken(description, what + "(" + std::to_string(i) + ", " + std::to_string(j) + ") = " + exact(m(i, j)));
}

void require_finite(const std::string& description, double x, const std::string& what) {
  if (!std::isfinite(x)) broken(description, what + " = " + exact(x));
}

}  // namespace attn::fuzz
