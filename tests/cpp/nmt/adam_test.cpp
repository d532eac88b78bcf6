#include "nmt/adam.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace attn {
namespace {

struct OneNumber {
  Eigen::VectorXd p = Eigen::VectorXd::Constant(1, 1.0), g = Eigen::VectorXd::Zero(1);
  template <class F>
  void visit(F&& f) { f("p", p, g); }
};

// θ₀ = 1, lr = 0.1, β₁ = 0.9, β₂ = 0.999, ε = 1e-8; gradients 0.5 then −1.
// Step 1: m = 0.05, v = 0.00025, m̂ = 0.5, v̂ = 0.25 → θ = 1 − 0.1·0.5/(0.5 + 1e-8) = 0.900000002
// Step 2: m = −0.055, v = 0.00124975, m̂ = −0.055/0.19 = −0.289473684…,
//         v̂ = 0.00124975/0.001999 = 0.625187594… → θ = 0.900000002 + 0.1·0.289473684/0.790688… = 0.936610354…
TEST(Adam, MatchesTwoHandComputedSteps) {
  OneNumber x;
  ParamList params = param_list(x);
  Adam adam(params, AdamConfig{0.1, 0.9, 0.999, 1e-8});
  x.g(0) = 0.5;
  adam.step(params);
  EXPECT_NEAR(x.p(0), 0.900000002, 1e-12);
  x.g(0) = -1.0;
  adam.step(params);
  EXPECT_NEAR(x.p(0), 0.9366103542405654, 1e-12);
  EXPECT_EQ(adam.steps_taken(), 2);
}

TEST(Adam, ClipScalesTheGlobalNormDownAndLeavesSmallGradientsAlone) {
  Eigen::VectorXd a(1), b(1), ga(1), gb(1);
  a << 0, b << 0, ga << 3, gb << 4;  // global norm 5 over two blocks
  ParamList params{{"a", Eigen::Map<Eigen::VectorXd>(a.data(), 1), Eigen::Map<Eigen::VectorXd>(ga.data(), 1)},
                   {"b", Eigen::Map<Eigen::VectorXd>(b.data(), 1), Eigen::Map<Eigen::VectorXd>(gb.data(), 1)}};
  EXPECT_DOUBLE_EQ(clip_global_norm(params, 1.0), 5.0);
  EXPECT_DOUBLE_EQ(ga(0), 0.6);
  EXPECT_DOUBLE_EQ(gb(0), 0.8);
  EXPECT_DOUBLE_EQ(clip_global_norm(params, 2.0), 1.0);
  EXPECT_DOUBLE_EQ(ga(0), 0.6);
}

TEST(Adam, NonFiniteGradientIsReportedNotSpread) {
  Eigen::VectorXd a = Eigen::VectorXd::Zero(2), ga(2);
  ga << NAN, 1.0;
  ParamList params{{"a", Eigen::Map<Eigen::VectorXd>(a.data(), 2), Eigen::Map<Eigen::VectorXd>(ga.data(), 2)}};
  EXPECT_FALSE(std::isfinite(clip_global_norm(params, 1.0)));
  EXPECT_EQ(ga(1), 1.0);
}

}  // namespace
}  // namespace attn
