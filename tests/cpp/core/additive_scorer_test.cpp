#include "core/additive_scorer.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "core/additive_fit.hpp"
#include "core/checks.hpp"
#include "core/scores.hpp"
#include "support/central_differences.hpp"

namespace attn {
namespace {

// ‖a − b‖ / max(‖a‖, ‖b‖): central differences with step 1e-5 are good to ~1e-9 here.
constexpr double kRelativeTolerance = 1e-6;
constexpr double kStep = 1e-5;

double relative_error(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  return (a - b).norm() / std::max(a.norm(), b.norm());
}

// ∂L/∂param by central differences, in param's shape.
Eigen::MatrixXd central_differences(Eigen::MatrixXd& param, const std::function<double()>& loss) {
  const Eigen::VectorXd g = testing::central_differences(param, loss, kStep);
  return Eigen::Map<const Eigen::MatrixXd>(g.data(), param.rows(), param.cols());
}

struct Problem {
  Eigen::MatrixXd S, H;
  AdditiveScorer scorer;
};

Problem random_problem(std::uint64_t seed) {
  Rng rng(seed);
  Problem p;
  p.S = rng.normal_matrix(4, 6);  // 4 target words, width 6
  p.H = rng.normal_matrix(5, 3);  // 5 source words, width 3: W₁ and W₂ differ in shape
  p.scorer = random_additive_scorer(7, 3, 6, 1.0, 1.0, rng);
  return p;
}

// Backprop through the scorer (given ∂L/∂E from `dloss`) against central differences of L.
void expect_gradients_match(Problem& p,
                            const std::function<double(const Eigen::MatrixXd&)>& loss_of_scores,
                            const std::function<Eigen::MatrixXd(const Eigen::MatrixXd&)>& dloss) {
  const AdditiveForward fwd = additive_forward(p.scorer, p.S, p.H);
  const AdditiveGradient g = additive_backward(p.scorer, p.S, p.H, fwd, dloss(fwd.scores));
  const auto loss = [&] { return loss_of_scores(additive_forward(p.scorer, p.S, p.H).scores); };
  Eigen::MatrixXd v = p.scorer.v;
  const auto loss_v = [&] {  // v perturbed as a matrix, copied into the scorer
    p.scorer.v = v;
    return loss();
  };
  EXPECT_LT(relative_error(g.W1, central_differences(p.scorer.W1, loss)), kRelativeTolerance);
  EXPECT_LT(relative_error(g.W2, central_differences(p.scorer.W2, loss)), kRelativeTolerance);
  EXPECT_LT(relative_error(g.v, central_differences(v, loss_v)), kRelativeTolerance);
}

}  // namespace

TEST(AdditiveScorer, ForwardMatchesThePerPairAdditiveScore) {
  const Problem p = random_problem(3);
  const AdditiveForward fwd = additive_forward(p.scorer, p.S, p.H);
  const AlignmentMap map =
      alignment_map(p.S, p.H, [&](const Eigen::VectorXd& s, const Eigen::VectorXd& h) {
        return additive(s, h, p.scorer.W1, p.scorer.W2, p.scorer.v);
      });
  EXPECT_LT((fwd.scores - map.scores).cwiseAbs().maxCoeff(), 1e-12);
}

TEST(AdditiveScorer, GradientsMatchCentralDifferences) {
  // L = Σ_ij G_ij e_ij for a fixed random G: ∂L/∂E = G exercises the backward pass alone.
  Problem p = random_problem(5);
  Rng rng(99);
  const Eigen::MatrixXd G = rng.normal_matrix(4, 5);
  expect_gradients_match(
      p, [&](const Eigen::MatrixXd& e) { return (G.array() * e.array()).sum(); },
      [&](const Eigen::MatrixXd&) { return G; });
}

TEST(AdditiveScorer, FitLossGradientsMatchCentralDifferences) {
  // The loss the fit descends: cross-entropy of softmax rows toward a target map.
  Problem p = random_problem(8);
  Rng rng(4);
  Eigen::MatrixXd Q = rng.normal_matrix(4, 5).array().exp().matrix();
  Q = (Q.array().colwise() / Q.rowwise().sum().array()).matrix();
  expect_gradients_match(
      p, [&](const Eigen::MatrixXd& e) { return cross_entropy_to_target(e, Q); },
      [&](const Eigen::MatrixXd& e) { return cross_entropy_to_target_backward(e, Q); });
}

TEST(AdditiveScorer, ScratchKeptAcrossCallsAndShapesGivesWhatFreshStorageGives) {
  // A fit passes the same forward, gradient and scratch to every step. Here they also go from
  // one shape to another and back (the saturated form too), and must leave nothing behind.
  Problem small = random_problem(5);
  Problem other;
  Rng rng(21);
  other.S = rng.normal_matrix(6, 2);
  other.H = rng.normal_matrix(3, 4);
  other.scorer = random_additive_scorer(5, 4, 2, 1.0, 1.0, rng);
  Problem saturated = random_problem(6);
  saturated.scorer.W1 *= 1e6;
  AdditiveForward fwd;
  AdditiveGradient grad;
  AdditiveScratch scratch;
  for (const Problem* p : {&small, &other, &saturated, &small, &other}) {
    const Eigen::MatrixXd G = rng.normal_matrix(p->S.rows(), p->H.rows());
    additive_forward(p->scorer, p->S, p->H, fwd, scratch);
    additive_backward(p->scorer, p->S, p->H, fwd, G, grad, scratch);
    const AdditiveForward fresh = additive_forward(p->scorer, p->S, p->H);
    const AdditiveGradient fresh_grad = additive_backward(p->scorer, p->S, p->H, fresh, G);
    EXPECT_EQ(fwd.scores, fresh.scores);
    EXPECT_EQ(fwd.z, fresh.z);
    EXPECT_EQ(grad.W1, fresh_grad.W1);
    EXPECT_EQ(grad.W2, fresh_grad.W2);
    EXPECT_EQ(grad.v, fresh_grad.v);
  }
}

TEST(AdditiveScorer, ParameterCountIs2hSquaredPlusHWhenWidthsEqualAttnDim) {
  Rng rng(1);
  EXPECT_EQ(random_additive_scorer(8, 8, 8, 1, 1, rng).parameter_count(), 2 * 64 + 8);
  EXPECT_EQ(random_additive_scorer(7, 3, 6, 1, 1, rng).parameter_count(), 7 * 3 + 7 * 6 + 7);
}

TEST(AdditiveScorer, ShapeMismatchesAreRejected) {
  Problem p = random_problem(2);
  EXPECT_THROW(additive_forward(p.scorer, p.H, p.S), InvalidInput);  // S and H swapped
  const AdditiveForward fwd = additive_forward(p.scorer, p.S, p.H);
  EXPECT_THROW(additive_backward(p.scorer, p.S, p.H, fwd, Eigen::MatrixXd::Zero(5, 4)),
               InvalidInput);
}

TEST(AdditiveScorer, TanhOfEachPairMatchesStdTanh) {
  // z is built from e^{2W₁h_j}·e^{2W₂s_i}; it must be tanh(W₁h_j + W₂s_i) entry by entry.
  const Problem p = random_problem(11);
  const AdditiveForward fwd = additive_forward(p.scorer, p.S, p.H);
  for (Eigen::Index i = 0; i < p.S.rows(); ++i)
    for (Eigen::Index j = 0; j < p.H.rows(); ++j) {
      const Eigen::VectorXd a =
          p.scorer.W1 * p.H.row(j).transpose() + p.scorer.W2 * p.S.row(i).transpose();
      const Eigen::VectorXd z = fwd.z.col(i * p.H.rows() + j);
      EXPECT_LT((z - a.array().tanh().matrix()).cwiseAbs().maxCoeff(), 1e-14) << i << "," << j;
    }
}

TEST(AdditiveScorer, LargeOpposingPartsStillGiveTheTanhOfTheirSum) {
  // W₁h = 400 and W₂s = −399.5: e^{800} overflows and e^{−799} underflows, so the product of
  // the parts' exponentials would be ∞·0. The score must still be tanh(0.5).
  AdditiveScorer scorer;
  scorer.W1 = Eigen::MatrixXd::Constant(1, 1, 400.0);
  scorer.W2 = Eigen::MatrixXd::Constant(1, 1, -399.5);
  scorer.v = Eigen::VectorXd::Ones(1);
  const Eigen::MatrixXd one = Eigen::MatrixXd::Ones(1, 1);
  const AdditiveForward fwd = additive_forward(scorer, one, one);
  EXPECT_NEAR(fwd.scores(0, 0), std::tanh(0.5), 1e-12);
}

TEST(AdditiveScorer, SaturatedInputsStayFinite) {
  // tanh written through exp must give ±1, not NaN, where e^{2x} overflows or underflows.
  Problem p = random_problem(6);
  p.scorer.W1 *= 1e6;
  const AdditiveForward fwd = additive_forward(p.scorer, p.S, p.H);
  EXPECT_TRUE(fwd.scores.allFinite());
  EXPECT_LE(fwd.z.cwiseAbs().maxCoeff(), 1.0);
}

}  // namespace attn
