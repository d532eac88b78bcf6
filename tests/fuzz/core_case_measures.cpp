// Fuzz cases for softmax (forward, rows, backward), the measures (entropy, range, TV
// distance) and the √d trials.
#include <cmath>

#include "core/measures.hpp"
#include "core/softmax.hpp"
#include "core/sqrt_d_trials.hpp"
#include "core_cases.hpp"
#include "fuzz_values.hpp"

namespace attn::fuzz {
namespace {

// A distribution: non-negative entries summing to 1 (to rounding).
void require_distribution(const std::string& d, const Eigen::VectorXd& p) {
  require_finite(d, Eigen::MatrixXd(p), "p");
  if (p.size() > 0 && (p.minCoeff() < 0 || std::abs(p.sum() - 1.0) > 1e-12))
    broken(d, "not a distribution: min " + exact(p.minCoeff()) + ", sum " + exact(p.sum()));
}

}  // namespace

// softmax must take any finite scores, however huge or negative (it subtracts the max).
CaseResult softmax_case(FuzzSource& src) {
  const int rows = dimension(src, 6), cols = dimension(src, 64);
  const Eigen::MatrixXd x = matrix(src, rows, cols);
  if (src.choose(2)) {
    const Eigen::VectorXd v = x.reshaped();
    const std::string d = "softmax(" + describe(x.reshaped()) + ")";
    const Outcome outcome = guarded(d, v.size() > 0 && v.allFinite(), [&] { require_distribution(d, softmax(v)); });
    return {"softmax", outcome, d};
  }
  const std::string d = "softmax_rows(" + describe(x) + ")";
  const bool valid = (rows == 0 || cols > 0) && x.allFinite();
  const Outcome outcome = guarded(d, valid, [&] {
    const Eigen::MatrixXd p = softmax_rows(x);
    for (int i = 0; i < rows; ++i) require_distribution(d, p.row(i).transpose());
  });
  return {"softmax_rows", outcome, d};
}

CaseResult softmax_backward_case(FuzzSource& src) {
  const int n = dimension(src, 32);
  const Eigen::VectorXd p = distribution_rows(src, 1, n).row(0).transpose();
  const Eigen::VectorXd g = matrix(src, src.choose(6) ? n : dimension(src, 32), 1);
  const std::string d = "softmax_backward(p " + describe(p) + ", g " + describe(g) + ")";
  const Outcome outcome = guarded(d, p.size() == g.size(), [&] {
    const Eigen::VectorXd dx = softmax_backward(p, g);
    if (moderate(g)) require_finite(d, Eigen::MatrixXd(dx), "∂L/∂x");
  });
  return {"softmax_backward", outcome, d};
}

// entropy of a distribution is in [0, ln n]; value_range is defined for any non-empty row.
CaseResult measures_case(FuzzSource& src) {
  const int n = dimension(src, 40);
  const bool is_distribution = src.choose(2);
  const Eigen::VectorXd x = is_distribution ? Eigen::VectorXd(distribution_rows(src, 1, n).row(0).transpose())
                                            : Eigen::VectorXd(matrix(src, n, 1));
  const std::string d = "entropy / value_range(" + describe(x) + ")";
  const Outcome outcome = guarded(d, n > 0 && x.allFinite(), [&] {
    const double h = entropy(x);
    if (is_distribution && n > 0 && !(h >= 0 && h <= std::log(static_cast<double>(n)) + 1e-12))
      broken(d, "entropy " + exact(h) + " outside [0, ln n]");
    const double r = value_range(x);
    if (moderate(x)) require_finite(d, r, "range");
  });
  return {"entropy, value_range", outcome, d};
}

// Two alignment maps, sometimes of different or empty shapes.
CaseResult tv_distance_case(FuzzSource& src) {
  const int rows = dimension(src, 8), cols = dimension(src, 12);
  const Eigen::MatrixXd p = distribution_rows(src, rows, cols);
  const bool same_shape = src.choose(3) != 0;
  const Eigen::MatrixXd q = same_shape ? distribution_rows(src, rows, cols)
                                       : distribution_rows(src, dimension(src, 8), dimension(src, 12));
  const std::string d = "tv_distance(" + describe(p) + ", " + describe(q) + ")";
  const bool valid = p.rows() == q.rows() && p.cols() == q.cols() && p.size() > 0;
  const Outcome outcome = guarded(d, valid, [&] {
    const double tv = tv_distance(p, q);
    if (!(tv >= 0 && tv <= 1 + 1e-12)) broken(d, "TV distance " + exact(tv) + " outside [0, 1]");
  });
  return {"tv_distance", outcome, d};
}

CaseResult sqrt_d_case(FuzzSource& src) {
  const int d_dim = static_cast<int>(src.choose(600)) - 2, keys = static_cast<int>(src.choose(12)) - 1;
  const int trials = static_cast<int>(src.choose(8)) - 1;
  const std::uint64_t seed = src.choose(2) ? src.choose(10000) : ~0ULL;
  const std::string d = "sqrt_d_trials(" + std::to_string(d_dim) + ", " + std::to_string(seed) + ", " +
                        std::to_string(trials) + ", " + std::to_string(keys) + ")";
  const Outcome outcome = guarded(d, d_dim >= 1 && keys >= 1 && trials >= 1, [&] {
    const SqrtDSummary s = sqrt_d_trials(d_dim, seed, trials, keys);
    if (static_cast<int>(s.trials.size()) != trials || s.typical < 0 || s.typical >= trials)
      broken(d, "wrong number of trials or typical index");
    for (const auto& t : s.trials) {
      require_distribution(d, t.raw.alpha);
      require_distribution(d, t.scaled.alpha);
    }
    require_finite(d, s.raw_entropy_mean + s.raw_range_mean + s.scaled_entropy_mean + s.scaled_range_mean,
                   "means");
  });
  return {"sqrt_d_trials", outcome, d};
}

}  // namespace attn::fuzz
