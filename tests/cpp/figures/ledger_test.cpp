// Figure `ledger` (暗线 C): the scorer's own parameters at memory width h.
#include <gtest/gtest.h>

#include "figures/registry.hpp"

namespace attn {
namespace {

Value data(const Params& p) { return compute_figure("ledger", p).at("data"); }

}  // namespace

TEST(Ledger, AdditiveIs524800GeneralIs262144DotIs0AtH512) {
  const Value x = data({});  // the default width, the chapter's h = 512
  EXPECT_EQ(x.at("hidden").as_number(), 512);
  EXPECT_EQ(x.at("additive").at("total").as_number(), 524800);
  EXPECT_EQ(x.at("general").at("total").as_number(), 262144);
  EXPECT_EQ(x.at("dot").at("total").as_number(), 0);
}

TEST(Ledger, ChineseReadingIsAbout52WanAnd26WanAtH512) {
  const Value x = data({{"hidden", 512}});
  EXPECT_EQ(x.at("additive").at("zh").as_string(), "≈ 52 万");
  EXPECT_EQ(x.at("general").at("zh").as_string(), "≈ 26 万");
  EXPECT_EQ(x.at("dot").at("zh").as_string(), "0");
}

// Small counts are exact; the 「≈」 appears only when the reading rounds.
TEST(Ledger, ChineseReadingIsExactBelowTenThousandAndRoundedAbove) {
  EXPECT_EQ(data({{"hidden", 1}}).at("additive").at("zh").as_string(), "3");         // 2 + 1
  EXPECT_EQ(data({{"hidden", 100}}).at("general").at("zh").as_string(), "1 万");     // 10 000
  EXPECT_EQ(data({{"hidden", 100}}).at("additive").at("zh").as_string(), "≈ 2 万");  // 20 100
  EXPECT_EQ(data({{"hidden", 1024}}).at("additive").at("zh").as_string(), "≈ 210 万");  // 2 098 176
}

TEST(Ledger, BlockCountsAddUpToTheTotal) {
  for (int h : {1, 7, 512, 1024}) {
    const Value x = data({{"hidden", h}});
    for (const char* s : {"additive", "general", "dot"}) {
      double sum = 0;
      for (const auto& b : x.at(s).at("blocks").as_array()) {
        const auto& shape = b.at("shape").as_numbers();
        EXPECT_EQ(b.at("count").as_number(), shape[0] * shape[1]);
        sum += b.at("count").as_number();
      }
      EXPECT_EQ(sum, x.at(s).at("total").as_number()) << s << " at h = " << h;
    }
  }
}

TEST(Ledger, WidthSliderRunsTo1024LabelledMemoryWidth) {
  const auto& spec = find_figure("ledger").params.at(0);
  EXPECT_EQ(spec.label, "记忆宽度 h");
  EXPECT_EQ(spec.term, "hidden");
  EXPECT_EQ(spec.max, 1024);
  EXPECT_THROW(data({{"hidden", 1025}}), InvalidInput);
}

}  // namespace attn
