#include "nmt/gru_layer.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>

#include "core/rng.hpp"
#include "support/central_differences.hpp"

namespace attn {
namespace {

// Central differences, eps = 1e-6 in double: truncation O(eps²) ≈ 1e-12, rounding ≈ 1e-10.
// Tolerance: |analytic − numeric| ≤ 1e-6 · max(1, |analytic|).
constexpr double kEps = 1e-6, kTol = 1e-6;

template <class Param, class Grad>
void expect_gradient(const std::string& name, Param& param, const Grad& grad,
                     const std::function<double()>& loss) {
  const Eigen::VectorXd analytic = Eigen::Map<const Eigen::VectorXd>(grad.data(), grad.size());
  const Eigen::VectorXd numeric = testing::central_differences(param, loss, kEps);
  for (Eigen::Index k = 0; k < numeric.size(); ++k)
    EXPECT_NEAR(analytic(k), numeric(k), kTol * std::max(1.0, std::abs(analytic(k)))) << name << "[" << k << "]";
}

struct GruFixture {
  Rng rng{11};
  GruCell cell = random_gru_cell(3, 4, rng);
  Eigen::MatrixXd X = rng.normal_matrix(3, 5);
  Eigen::VectorXd h0 = rng.normal_vector(4, 0.5);
  Eigen::MatrixXd W = rng.normal_matrix(4, 5);  // L = Σ W ⊙ H: every output gets a gradient
  GruFixture() {
    cell.b_z = rng.normal_vector(4, 0.3), cell.b_r = rng.normal_vector(4, 0.3), cell.b_h = rng.normal_vector(4, 0.3);
  }
  double loss() const { return W.cwiseProduct(gru_forward(cell, X, h0).states).sum(); }
};

TEST(GruLayer, ForwardRepeatsTheGruCell) {
  GruFixture s;
  const GruSequence seq = gru_forward(s.cell, s.X, s.h0);
  Eigen::VectorXd h = s.h0;
  for (int t = 0; t < 5; ++t) {
    h = gru_cell(s.cell, s.X.col(t), h);
    EXPECT_LT((seq.states.col(t) - h).norm(), 1e-14);
  }
}

TEST(GruLayer, BackpropThroughTimeMatchesCentralDifferencesForEveryParameterAndInput) {
  GruFixture s;
  GruCell grad = s.cell;
  visit_gru("", grad, grad, [](const std::string&, auto& g, auto&) { g.setZero(); });
  Eigen::VectorXd d_h0;
  const GruSequence seq = gru_forward(s.cell, s.X, s.h0);
  const Eigen::MatrixXd dX = gru_backward(s.cell, seq, s.W, grad, d_h0);
  const std::function<double()> loss = [&s] { return s.loss(); };
  GruCell& p = s.cell;
  visit_gru("gru", p, grad, [&](const std::string& name, auto& param, auto& g) {
    expect_gradient(name, param, g, loss);
  });
  expect_gradient("X", s.X, dX, loss);
  expect_gradient("h0", s.h0, d_h0, loss);
}

TEST(GruLayer, RejectsInputsOfTheWrongSize) {
  GruFixture s;
  EXPECT_THROW(gru_forward(s.cell, Eigen::MatrixXd::Zero(2, 3), s.h0), std::invalid_argument);
}

}  // namespace
}  // namespace attn
