#include "core/encoder.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "core/checks.hpp"
#include "core/demo_encoder.hpp"
#include "core/rng.hpp"

namespace attn {
namespace {

// Central finite differences of c = h_n with respect to word j: column i is
// (c(w_j + ε e_i) − c(w_j − ε e_i)) / 2ε, error O(ε²).
Eigen::MatrixXd numeric_jacobian(const Eigen::MatrixXd& W, const Eigen::MatrixXd& words, int j) {
  const double eps = 1e-6;
  Eigen::MatrixXd jac(W.rows(), W.rows());
  for (Eigen::Index i = 0; i < W.rows(); ++i) {
    Eigen::MatrixXd plus = words, minus = words;
    plus(j, i) += eps;
    minus(j, i) -= eps;
    jac.col(i) = (encode(W, plus).context() - encode(W, minus).context()) / (2 * eps);
  }
  return jac;
}

}  // namespace

// Tolerance: central differences with ε = 1e-6 are accurate to ~1e-9 here; we ask 1e-7 absolute.
TEST(Encoder, BpttJacobiansEqualCentralFiniteDifferences) {
  Rng rng(5);
  const int k = 6, n = 7;
  const Eigen::MatrixXd W = rng.normal_matrix(k, k, 0.5);
  const Eigen::MatrixXd words = rng.normal_matrix(n, k, 0.8);
  const auto jac = context_jacobians(W, encode(W, words));
  ASSERT_EQ(static_cast<int>(jac.size()), n);
  for (int j = 0; j < n; ++j)
    EXPECT_LT((jac[j] - numeric_jacobian(W, words, j)).cwiseAbs().maxCoeff(), 1e-7) << "word " << j;
}

TEST(Encoder, ForwardModeFirstWordInfluenceMatchesBptt) {
  const DemoEncoder enc = demo_encoder(30, 1.1, 2);
  const auto forward = first_word_influence(enc.W, enc.vectors);
  for (int n : {1, 2, 10, 30}) {
    const Eigen::MatrixXd prefix = enc.vectors.topRows(n);
    const double bptt = spectral_norm(context_jacobians(enc.W, encode(enc.W, prefix))[0]);
    EXPECT_NEAR(forward[n - 1], bptt, 1e-12 * std::max(1.0, bptt)) << "n = " << n;
  }
}

TEST(Encoder, SpectralNormIsLargestSingularValue) {
  Rng rng(9);
  const Eigen::MatrixXd m = rng.normal_matrix(5, 5);
  const Eigen::JacobiSVD<Eigen::MatrixXd> svd(m);
  EXPECT_NEAR(spectral_norm(m), svd.singularValues()(0), 1e-12);
}

TEST(Encoder, SpectralNormKeepsItsScaleForTinyAndHugeMatrices) {
  EXPECT_DOUBLE_EQ(spectral_norm(Eigen::MatrixXd::Constant(2, 2, 1e-300)), 2e-300);
  EXPECT_DOUBLE_EQ(spectral_norm(Eigen::MatrixXd::Constant(2, 2, 1e160)), 2e160);
  EXPECT_DOUBLE_EQ(spectral_norm(Eigen::MatrixXd::Constant(16, 1, 1e200)), 4e200);
  EXPECT_EQ(spectral_norm(Eigen::MatrixXd::Zero(3, 3)), 0.0);
  EXPECT_THROW(spectral_norm(Eigen::MatrixXd(0, 0)), InvalidInput);
}

// Found by libFuzzer: with a NaN among huge entries the old code returned σ = 0.
TEST(Encoder, SpectralNormRefusesNaNAndIsInfiniteForAnInfiniteEntry) {
  Eigen::MatrixXd m = Eigen::MatrixXd::Constant(3, 3, 1.6e200);
  m(1, 2) = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(spectral_norm(m), InvalidInput);
  m(1, 2) = -std::numeric_limits<double>::infinity();
  EXPECT_EQ(spectral_norm(m), std::numeric_limits<double>::infinity());
}

// Found by libFuzzer: with W ~ 1e19 the forward product overflows, then inf − inf gives NaN.
TEST(Encoder, FirstWordInfluenceIsInfiniteOnceTheProductOverflows) {
  const Eigen::MatrixXd W = Eigen::MatrixXd::Constant(4, 4, 1e19);
  const Eigen::MatrixXd words = Eigen::MatrixXd::Constant(40, 4, 1e-300);
  const std::vector<double> norms = first_word_influence(W, words);
  ASSERT_EQ(norms.size(), 40u);
  EXPECT_TRUE(std::isfinite(norms[0]));
  EXPECT_EQ(norms.back(), std::numeric_limits<double>::infinity());
  for (std::size_t t = 1; t < norms.size(); ++t) EXPECT_GE(norms[t], norms[t - 1]) << t;
}

TEST(Encoder, BandExitIsTheFirstInfluenceOutsideTheBand) {
  // The cheap exit must be exactly the first entry of first_word_influence outside [low, high].
  auto first_outside = [](const std::vector<double>& norms, double low, double high) {
    for (std::size_t i = 0; i < norms.size(); ++i)
      if (!(norms[i] >= low && norms[i] <= high)) return static_cast<int>(i) + 1;
    return 0;
  };
  int exits = 0;
  for (double rho : {0.5, 1.0, 1.25, 1.5})
    for (int seed = 1; seed <= 60; ++seed) {
      const DemoEncoder enc = demo_encoder(60, rho, static_cast<std::uint64_t>(seed));
      const auto norms = first_word_influence(enc.W, enc.vectors);
      for (const auto& [low, high] : {std::pair{1e-2, 1e2}, std::pair{0.5, 2.0}}) {
        const int exit = first_word_band_exit(enc.W, enc.vectors, low, high);
        EXPECT_EQ(exit, first_outside(norms, low, high)) << "ρ " << rho << " seed " << seed << " band " << low;
        exits += exit > 0;
      }
    }
  EXPECT_GT(exits, 300);  // most curves leave one band or the other: the comparison has teeth
  const Eigen::MatrixXd W = Eigen::MatrixXd::Constant(4, 4, 1e19);
  const Eigen::MatrixXd words = Eigen::MatrixXd::Constant(40, 4, 1e-300);
  EXPECT_EQ(first_word_band_exit(W, words, 1e-2, 1e2), first_outside(first_word_influence(W, words), 1e-2, 1e2));
  EXPECT_THROW(first_word_band_exit(W, words, 2, 1), InvalidInput);
}

TEST(Encoder, RejectsEmptySentenceAndWrongShapes) {
  const Eigen::MatrixXd W = Eigen::MatrixXd::Identity(3, 3);
  EXPECT_THROW(encode(W, Eigen::MatrixXd(0, 3)), InvalidInput);
  EXPECT_THROW(encode(W, Eigen::MatrixXd::Zero(2, 4)), InvalidInput);
  EXPECT_THROW(encode(Eigen::MatrixXd::Zero(3, 2), Eigen::MatrixXd::Zero(2, 2)), InvalidInput);
  Eigen::MatrixXd bad = Eigen::MatrixXd::Zero(2, 3);
  bad(0, 0) = std::nan("");
  EXPECT_THROW(encode(W, bad), InvalidInput);
}

TEST(DemoEncoder, WordVectorsDoNotDependOnSentenceLength) {
  const DemoEncoder short_one = demo_encoder(5, 1.0, 1);
  const DemoEncoder long_one = demo_encoder(40, 1.0, 1);
  EXPECT_EQ((short_one.vectors - long_one.vectors.topRows(5)).norm(), 0.0);
  EXPECT_EQ(short_one.words[4], "猫");
}

TEST(DemoEncoder, RepeatedWordHasTheSameVector) {
  const DemoEncoder enc = demo_encoder(30, 1.0, 1);
  // 「地」 first appears at index 17 and again at 29.
  ASSERT_EQ(enc.words[17], "地");
  ASSERT_EQ(enc.words[29], "地");
  EXPECT_EQ((enc.vectors.row(17) - enc.vectors.row(29)).norm(), 0.0);
}

TEST(DemoEncoder, RhoIsTheFactorOfTheRecurrence) {
  const DemoEncoder enc = demo_encoder(3, 1.25, 1);
  const Eigen::JacobiSVD<Eigen::MatrixXd> svd(enc.W);
  EXPECT_NEAR(svd.singularValues().maxCoeff(), 1.25, 1e-12);
  EXPECT_NEAR(svd.singularValues().minCoeff(), 1.25, 1e-12);
}

}  // namespace attn
