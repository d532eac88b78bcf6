// Figure `sqrt-d`: the chapter's claims as the page shows them.
#include <gtest/gtest.h>

#include <cmath>

#include "figures/registry.hpp"

namespace attn {
namespace {

const ParamSpec& spec(const std::string& name) {
  for (const auto& s : find_figure("sqrt-d").params)
    if (s.name == name) return s;
  throw std::out_of_range(name);
}

Value data(const Params& p) { return compute_figure("sqrt-d", p).at("data"); }

}  // namespace

TEST(SqrtD, DefaultSeedShowsRawEntropyBelow02AndScaledAbove1AtD512) {
  const Value x = data({{"d", 512}});  // seed: the page's default
  EXPECT_LT(x.at("raw").at("entropy_mean").as_number(), 0.2);
  EXPECT_GT(x.at("scaled").at("entropy_mean").as_number(), 1.0);
  EXPECT_GT(x.at("raw").at("range_mean").as_number(), x.at("scaled").at("range_mean").as_number());
}

TEST(SqrtD, SliderRunsFrom8To512LabelledHiddenDimensionD) {
  EXPECT_EQ(spec("d").min, 8);
  EXPECT_EQ(spec("d").max, 512);
  EXPECT_EQ(spec("d").label, "隐藏维度 d");
  EXPECT_EQ(spec("d").term, "d");
  EXPECT_THROW(data({{"d", 7}}), InvalidInput);
  EXPECT_THROW(data({{"d", 513}}), InvalidInput);
}

TEST(SqrtD, Ln5IsTheUniformBoundOfEveryEntropyShown) {
  for (int d : {8, 100, 512}) {
    const Value x = data({{"d", d}, {"seed", 3}});
    const double ln5 = x.at("ln5").as_number();
    EXPECT_NEAR(ln5, 1.6094379124341003, 1e-15);
    for (const char* row : {"raw", "scaled"}) {
      for (double h : x.at(row).at("trials").at("entropy").as_numbers()) EXPECT_LE(h, ln5 + 1e-12);
      EXPECT_LE(x.at(row).at("entropy_mean").as_number(), ln5 + 1e-12);
    }
  }
}

TEST(SqrtD, TypicalTrialIsOneOfTheFiveWithAlphaRowsSummingToOne) {
  const Value x = data({{"d", 64}, {"seed", 11}});
  const Value& typ = x.at("typical");
  const int index = static_cast<int>(typ.at("index").as_number());
  ASSERT_GE(index, 0);
  ASSERT_LT(index, 5);
  for (const char* row : {"raw", "scaled"}) {
    double sum = 0;
    for (double a : typ.at(row).at("alpha").as_numbers()) sum += a;
    EXPECT_NEAR(sum, 1.0, 1e-12);
    EXPECT_EQ(typ.at(row).at("entropy").as_number(),
              x.at(row).at("trials").at("entropy").as_numbers()[index]);
  }
}

TEST(SqrtD, NewSeedGivesANewDrawSameSeedTheSame) {
  const std::string a = to_json(data({{"seed", 5}})), b = to_json(data({{"seed", 5}}));
  EXPECT_EQ(a, b);
  EXPECT_NE(a, to_json(data({{"seed", 6}})));
}

}  // namespace attn
