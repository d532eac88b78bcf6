#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "core/checks.hpp"
#include "figures/registry.hpp"
#include "support/value_matrix.hpp"

namespace attn {
namespace {

Value dot_attention(int target) {
  return compute_figure("dot-attention", {{"target", target}}).at("data");
}

size_t argmax(const std::vector<double>& xs) {
  return static_cast<size_t>(std::max_element(xs.begin(), xs.end()) - xs.begin());
}

}  // namespace

TEST(DotAttention, ProductsPerDimensionAddUpToTheScoreTimesRootD) {
  for (int target = 0; target < 5; ++target) {
    const Value data = dot_attention(target);
    const auto& scores = data.at("scores").as_numbers();
    const Eigen::MatrixXd products = testing::matrix_of(data.at("products"));
    ASSERT_EQ(products.rows(), 5);
    for (Eigen::Index j = 0; j < 5; ++j) EXPECT_NEAR(products.row(j).sum() / std::sqrt(8.0), scores[j], 1e-15);
  }
}

TEST(DotAttention, EveryTargetWordAttendsMostToItsTranslation) {
  const std::map<std::string, std::string> translation = {
      {"I", "我"}, {"saw", "看见"}, {"a", "一只"}, {"cat", "猫"}, {"yesterday", "昨天"}};
  for (int target = 0; target < 5; ++target) {
    const Value data = dot_attention(target);
    const std::string word = data.at("tgt").as_array()[static_cast<size_t>(target)].as_string();
    const auto& alpha = data.at("alpha").as_numbers();
    EXPECT_EQ(data.at("src").as_array()[argmax(alpha)].as_string(), translation.at(word)) << word;
    double sum = 0.0;
    for (double a : alpha) sum += a;
    EXPECT_NEAR(sum, 1.0, 1e-15);
  }
}

TEST(DotAttention, ReturnsTheEightNamedDimensionsOfEveryVector) {
  const Value data = dot_attention(0);
  EXPECT_EQ(data.at("dims").as_array().size(), 8u);
  EXPECT_EQ(data.at("d").as_number(), 8.0);
  for (const char* side : {"src", "tgt"}) {
    EXPECT_EQ(testing::matrix_of(data.at("vectors").at(side)).rows(), 5) << side;
    EXPECT_EQ(testing::matrix_of(data.at("vectors").at(side)).cols(), 8) << side;
  }
  EXPECT_THROW(compute_figure("dot-attention", {{"target", 5}}), InvalidInput);
}

}  // namespace attn
