#include "fuzz_values.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <limits>

namespace attn::fuzz {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

const double kSpecials[] = {
    std::numeric_limits<double>::quiet_NaN(), -std::numeric_limits<double>::quiet_NaN(),
    kInf, -kInf, 1e308, -1e308, DBL_MAX, -DBL_MAX,
    std::numeric_limits<double>::denorm_min(), -std::numeric_limits<double>::denorm_min(),
    DBL_MIN, 1e-300, 0.0, -0.0,
    2147483647.0, 2147483648.0, -2147483648.0, -2147483649.0,  // around int's range: casts
    9007199254740993.0, 1e19, -1e19, 18446744073709551616.0,   // beyond exact / 64-bit ints
    0.5, -0.5, 1 - 1e-16, 1 + 2.220446049250313e-16,
};

// Unknown names the page could never send but a URL hash or a script could.
const std::string kUnknownNames[] = {"", "N", "n ", " n", "__proto__", "constructor",
                                     std::string("rho\0x", 5), "seed2", "参数", "toString", "-n", "--n"};

}  // namespace

double special_double(FuzzSource& src) {
  return kSpecials[src.choose(sizeof kSpecials / sizeof kSpecials[0])];
}

double param_value(FuzzSource& src, const ParamSpec& spec) {
  const double span = spec.max - spec.min;
  const double steps = std::floor(span / spec.step);
  switch (src.choose(10)) {
    case 0: return spec.def;
    case 1: return spec.min;
    case 2: return spec.max;
    case 3:  // anywhere on the slider's grid
    case 4: return spec.min + std::floor(src.fraction() * (steps + 1)) * spec.step;
    case 5: {  // just outside: one step, or one ulp
      const double below[] = {spec.min - spec.step, std::nextafter(spec.min, -kInf)};
      const double above[] = {spec.max + spec.step, std::nextafter(spec.max, kInf)};
      return src.choose(2) ? below[src.choose(2)] : above[src.choose(2)];
    }
    case 6:  // off the grid: a fraction, or a hair away from a whole number
      return src.choose(2) ? spec.min + src.fraction() * span
                           : spec.def + (src.choose(2) ? 1e-9 : 0.5);
    case 7: return -spec.max;
    case 8: return special_double(src);
    default: return src.any_double();
  }
}

Params param_set(FuzzSource& src, const std::vector<ParamSpec>& specs) {
  Params params;
  for (const auto& spec : specs)
    if (src.choose(3) != 0) params[spec.name] = param_value(src, spec);
  if (src.choose(8) == 0) {  // unknown names, sometimes many
    const unsigned count = src.choose(4) == 0 ? 1 + src.choose(100) : 1;
    const unsigned names = sizeof kUnknownNames / sizeof kUnknownNames[0];
    for (unsigned i = 0; i < count; ++i) {
      std::string name = kUnknownNames[src.choose(names)];
      if (i >= names) name += std::to_string(i);
      params[name] = param_value(src, specs.empty() ? ParamSpec{} : specs[src.choose(specs.size())]);
    }
  }
  return params;
}

std::string figure_id(FuzzSource& src, const std::vector<std::string>& ids) {
  const unsigned pick = src.choose(static_cast<unsigned>(ids.size()) + 2);
  if (pick < ids.size()) return ids[pick];
  const std::string base = ids[src.choose(static_cast<unsigned>(ids.size()))];
  const std::string near_misses[] = {"", base + " ", base.substr(1), "FUNNEL", base + std::string(1, '\0'),
                                     std::string(300, 'x')};
  return near_misses[src.choose(6)];
}

int dimension(FuzzSource& src, int max) {
  switch (src.choose(4)) {
    case 0: return static_cast<int>(src.choose(4));  // 0…3: the degenerate sizes
    case 1: return 16;                               // the demo encoder's width
    default: return 1 + static_cast<int>(src.choose(static_cast<unsigned>(max)));
  }
}

int near_size(FuzzSource& src, int k) {
  if (src.choose(5) != 0) return k;
  return std::max(0, k + static_cast<int>(src.choose(3)) - 1);
}

Eigen::MatrixXd matrix(FuzzSource& src, int rows, int cols, bool finite_only) {
  // 1e150 keeps x² finite, 1e200 does not: the two sides of an overflowing Gram matrix.
  const double scales[] = {1e-300, 1e-3, 1.0, 1.0, 3.0, 1e3, 1e150, 1e200, 1e308};
  const double scale = scales[src.choose(9)];
  Rng rng(src.choose(65536));
  Eigen::MatrixXd m = rng.normal_matrix(rows, cols, 1.0);
  m *= scale;  // 1e308 · N(0, 1) overflows to ±inf for |z| > 1.8: filtered below if finite_only
  if (m.size() > 0 && src.choose(4) == 0) {
    const unsigned count = 1 + src.choose(3);
    for (unsigned i = 0; i < count; ++i)
      m(src.choose(static_cast<unsigned>(rows)), src.choose(static_cast<unsigned>(cols))) = special_double(src);
  }
  if (finite_only) m = m.unaryExpr([](double x) { return std::isfinite(x) ? x : DBL_MAX; });
  return m;
}

Eigen::MatrixXd distribution_rows(FuzzSource& src, int rows, int cols) {
  Eigen::MatrixXd p = Eigen::MatrixXd::Zero(rows, cols);
  if (cols == 0) return p;
  for (int i = 0; i < rows; ++i) {
    switch (src.choose(3)) {
      case 0: p(i, src.choose(static_cast<unsigned>(cols))) = 1.0; break;  // one-hot
      case 1: p.row(i).setConstant(1.0 / cols); break;                     // uniform
      default:
        for (int j = 0; j < cols; ++j) p(i, j) = src.fraction() + 1e-3;
        p.row(i) /= p.row(i).sum();
    }
  }
  return p;
}

}  // namespace attn::fuzz
