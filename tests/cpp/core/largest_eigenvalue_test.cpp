#include "core/largest_eigenvalue.hpp"

#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>
#include <cmath>
#include <limits>

#include "core/checks.hpp"
#include "core/demo_encoder.hpp"
#include "core/encoder.hpp"
#include "core/orthogonal.hpp"
#include "core/rng.hpp"

namespace attn {
namespace {

double reference_largest(const Eigen::MatrixXd& symmetric) {
  return Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(symmetric, Eigen::EigenvaluesOnly).eigenvalues().maxCoeff();
}

// Q·diag(values)·Qᵀ for a seeded random orthogonal Q: a symmetric matrix with those eigenvalues
// and nothing on its diagonal or tridiagonal form that gives them away.
Eigen::MatrixXd with_eigenvalues(const Eigen::VectorXd& values, std::uint64_t seed) {
  const Eigen::MatrixXd q = random_orthogonal(static_cast<int>(values.size()), seed);
  return q * values.asDiagonal() * q.transpose();
}

}  // namespace

// Relative error against Eigen's full eigensolver: a few units in the last place.
constexpr double kRelative = 1e-13;

TEST(LargestEigenvalue, AgreesWithTheFullEigensolverOnRandomSymmetricMatrices) {
  Rng rng(21);
  for (int k : {1, 2, 3, 5, 16, 40}) {
    for (int trial = 0; trial < 20; ++trial) {
      const Eigen::MatrixXd a = rng.normal_matrix(k, k);
      const Eigen::MatrixXd indefinite = (a + a.transpose()) / 2;
      const Eigen::MatrixXd gram = a.transpose() * a;
      for (const Eigen::MatrixXd& s : {indefinite, gram, Eigen::MatrixXd(-gram)}) {
        const double want = reference_largest(s);
        EXPECT_NEAR(largest_eigenvalue(s), want, kRelative * std::max(1.0, s.cwiseAbs().maxCoeff()))
            << "k = " << k << ", trial " << trial;
      }
    }
  }
}

// What spectral_norm asks it: the Gram matrices of ∂h_n/∂w₁ along the length figure's curves,
// at the three memory levels, scaled as spectral_norm scales them.
TEST(LargestEigenvalue, AgreesOnTheLengthFiguresJacobians) {
  for (double rho : {0.5, 1.0, 1.25}) {
    const DemoEncoder enc = demo_encoder(60, rho, kDemoSeed);
    const EncoderTrace trace = encode(enc.W, enc.vectors);
    Eigen::MatrixXd m = (1.0 - trace.h.row(1).array().square()).matrix().asDiagonal();
    for (int t = 1; t <= 60; ++t) {
      if (t > 1) m = (1.0 - trace.h.row(t).array().square()).matrix().asDiagonal() * (enc.W * m);
      const Eigen::MatrixXd unit = m / m.cwiseAbs().maxCoeff();
      const Eigen::MatrixXd gram = unit.transpose() * unit;
      EXPECT_NEAR(largest_eigenvalue(gram), reference_largest(gram), kRelative * reference_largest(gram))
          << "ρ = " << rho << ", n = " << t;
    }
  }
}

// A cluster of equal top eigenvalues far below the starting bound makes Newton's method crawl
// (each step closes only 1/m of the gap to an m-fold root): bisection finishes it, exactly.
TEST(LargestEigenvalue, FindsAManyFoldTopEigenvalue) {
  Eigen::VectorXd values = Eigen::VectorXd::Zero(16);
  values.head(12).setConstant(3.0);
  values.tail(4) << -1.0, 0.5, 1.0, 2.0;
  const Eigen::MatrixXd s = with_eigenvalues(values, 7);
  EXPECT_NEAR(largest_eigenvalue(s), 3.0, kRelative * 3.0);
}

TEST(LargestEigenvalue, ExactCasesAndBadInput) {
  EXPECT_EQ(largest_eigenvalue(Eigen::MatrixXd::Constant(1, 1, -2.5)), -2.5);
  EXPECT_EQ(largest_eigenvalue(Eigen::MatrixXd::Zero(4, 4)), 0.0);
  EXPECT_DOUBLE_EQ(largest_eigenvalue(Eigen::MatrixXd::Constant(2, 2, 2.0)), 4.0);
  Eigen::VectorXd diagonal(5);
  diagonal << 1, -7, 3.5, 0, 2;
  EXPECT_EQ(largest_eigenvalue(Eigen::MatrixXd(diagonal.asDiagonal())), 3.5);
  EXPECT_THROW(largest_eigenvalue(Eigen::MatrixXd(0, 0)), InvalidInput);
  EXPECT_THROW(largest_eigenvalue(Eigen::MatrixXd::Zero(2, 3)), InvalidInput);
  Eigen::MatrixXd nan = Eigen::MatrixXd::Identity(3, 3);
  nan(2, 1) = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(largest_eigenvalue(nan), InvalidInput);
}

}  // namespace attn
