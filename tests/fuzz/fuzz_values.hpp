#pragma once
// Generated inputs: numbers at and beyond a spec's edges, the doubles that break naive code
// (NaN, ±inf, 1e308, denormals, −0), matrices of chosen (also empty or mismatched) shapes.
#include <Eigen/Dense>
#include <string>

#include "figures/spec.hpp"
#include "fuzz_source.hpp"

namespace attn::fuzz {

// One of the awkward doubles: NaN, ±inf, ±1e308, ±DBL_MAX, denormals, ±0, 2^31, 2^53 + 1…
double special_double(FuzzSource& src);

// A value for one parameter: its default, min, max, an in-range step, just outside the range,
// a fraction for a whole-number parameter, a special double, or any bit pattern.
double param_value(FuzzSource& src, const ParamSpec& spec);

// A parameter set for a figure: some of its parameters with generated values, sometimes
// unknown names, sometimes many of them.
Params param_set(FuzzSource& src, const std::vector<ParamSpec>& specs);

// A figure id: mostly a real one (by index into `ids`), sometimes a near miss or garbage.
std::string figure_id(FuzzSource& src, const std::vector<std::string>& ids);

// A size for a matrix dimension: 0…3, a typical one, or up to `max`.
int dimension(FuzzSource& src, int max);

// Mostly `k`; one time in five k − 1 or k + 1 (never below 0): the mismatched shapes.
int near_size(FuzzSource& src, int k);

// A rows×cols matrix of N(0, scale²) entries, scale from 1e-300 to 1e308, with a few entries
// sometimes replaced by special doubles. `finite_only` keeps every entry finite.
Eigen::MatrixXd matrix(FuzzSource& src, int rows, int cols, bool finite_only = false);

// Rows that are probability distributions (non-negative, each summing to 1), as attention
// maps are; sometimes one-hot, sometimes uniform.
Eigen::MatrixXd distribution_rows(FuzzSource& src, int rows, int cols);

}  // namespace attn::fuzz
