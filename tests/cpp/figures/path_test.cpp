// Figure `path`: the RNN path grows with the distance, attention is always one hop.
#include <gtest/gtest.h>

#include "figures/registry.hpp"

namespace attn {
namespace {

Value data(const Params& p) { return compute_figure("path", p).at("data"); }
int number(const Value& v) { return static_cast<int>(v.as_number()); }

}  // namespace

// One more source word after j, or one more decoder step, adds exactly one RNN hop.
TEST(Path, RnnHopsGrowByOnePerSourceWordAfterJAndPerDecoderStep) {
  for (int n = 2; n < 60; ++n) {
    const int a = number(data({{"n", n}, {"j", 1}, {"i", 3}}).at("rnn").at("hops"));
    const int b = number(data({{"n", n + 1}, {"j", 1}, {"i", 3}}).at("rnn").at("hops"));
    const int c = number(data({{"n", n}, {"j", 1}, {"i", 4}}).at("rnn").at("hops"));
    EXPECT_EQ(b, a + 1);
    EXPECT_EQ(c, a + 1);
  }
  EXPECT_EQ(number(data({{"n", 60}, {"j", 1}, {"i", 60}}).at("rnn").at("hops")), 120);
}

TEST(Path, AttentionIsOneHopAtEveryLength) {
  for (int n = 2; n <= 60; ++n)
    for (int i : {1, 30, 60}) EXPECT_EQ(number(data({{"n", n}, {"j", n / 2 + 1}, {"i", i}}).at("attention").at("hops")), 1);
}

TEST(Path, HopsBySourceListsEveryJAndMatchesTheChosenPath) {
  const Value x = data({{"n", 12}, {"j", 4}, {"i", 2}});
  const auto& by_source = x.at("rnn_hops_by_source").as_numbers();
  ASSERT_EQ(by_source.size(), 12u);
  EXPECT_EQ(by_source[3], x.at("rnn").at("hops").as_number());
  for (size_t k = 1; k < by_source.size(); ++k) EXPECT_EQ(by_source[k], by_source[k - 1] - 1);
}

TEST(Path, SourcePositionPastTheEndMeansTheLastWord) {
  const Value x = data({{"n", 5}, {"j", 40}, {"i", 1}});
  EXPECT_EQ(number(x.at("j")), 5);
  EXPECT_EQ(to_json(x.at("rnn")), to_json(data({{"n", 5}, {"j", 5}, {"i", 1}}).at("rnn")));
}

// The echo is what was used, so `attn figure path --n 5 --j 9` says j = 5, as its drawing does.
TEST(Path, ThePositionUsedIsTheOneEchoed) {
  const Value out = compute_figure("path", {{"n", 5}, {"j", 9}});
  EXPECT_EQ(number(out.at("params").at("j")), 5);
  EXPECT_EQ(number(out.at("data").at("j")), 5);
  EXPECT_EQ(number(compute_figure("path", {{"n", 12}, {"j", 9}}).at("params").at("j")), 9);
}

}  // namespace attn
