#include <gtest/gtest.h>

#include "core/demo_encoder.hpp"
#include "core/encoder.hpp"
#include "figures/registry.hpp"

namespace attn {

TEST(Funnel, DefaultIsTheFiveWordSentenceWithOneNormPerWord) {
  const Value data = compute_figure("funnel", {}).at("data");
  const auto& words = data.at("words").as_array();
  ASSERT_EQ(words.size(), 5u);
  EXPECT_EQ(words[0].as_string(), "我");
  EXPECT_EQ(words[4].as_string(), "猫");
  EXPECT_EQ(data.at("norms").as_numbers().size(), 5u);
  EXPECT_EQ(data.at("norm").as_string(), "spectral");
}

TEST(Funnel, NormsAreSpectralNormsOfTheBpttJacobians) {
  const Value data = compute_figure("funnel", {{"n", 12}, {"rho", 0.9}}).at("data");
  const DemoEncoder enc = demo_encoder(12, 0.9, kDemoSeed);
  const auto jac = context_jacobians(enc.W, encode(enc.W, enc.vectors));
  const auto& norms = data.at("norms").as_numbers();
  for (int j = 0; j < 12; ++j) EXPECT_DOUBLE_EQ(norms[j], spectral_norm(jac[j]));
}

TEST(Funnel, EarlyWordsOfALongSentenceAreForgotten) {
  // 「柱子越长 = 越没被忘掉」: at ρ = 1 in a 40-word sentence the first word moves c at least
  // 1000× less than the last one.
  const auto norms = compute_figure("funnel", {{"n", 40}}).at("data").at("norms").as_numbers();
  EXPECT_LT(norms.front() * 1000, norms.back());
}

TEST(Funnel, RejectsOutOfRangeAndFractionalLength) {
  EXPECT_THROW(compute_figure("funnel", {{"n", 0}}), InvalidInput);
  EXPECT_THROW(compute_figure("funnel", {{"n", 51}}), InvalidInput);
  EXPECT_THROW(compute_figure("funnel", {{"n", 2.5}}), InvalidInput);
  EXPECT_THROW(compute_figure("funnel", {{"rho", std::nan("")}}), InvalidInput);
}

}  // namespace attn
