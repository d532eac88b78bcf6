#include "nmt/toy_corpus.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "core/rng.hpp"

namespace attn {
namespace {

const ToyCorpus& corpus() {
  static const ToyCorpus c = make_toy_corpus({7, 3000, 200, 600, 3, 50});
  return c;
}

std::vector<std::vector<std::string>> split(const std::vector<std::string>& words, const std::string& comma) {
  std::vector<std::vector<std::string>> out(1);
  for (const auto& w : words) {
    if (w == comma) out.emplace_back();
    else out.back().push_back(w);
  }
  return out;
}

std::vector<std::string> words(const Vocabulary& v, const std::vector<int>& ids) {
  std::vector<std::string> out;
  for (int id : ids) out.push_back(v.words[id]);
  return out;
}

bool has(const std::vector<std::string>& s, const std::string& w) { return std::count(s.begin(), s.end(), w) > 0; }

TEST(ToyCorpus, SameSeedGivesTheSameSplitsAndAnotherSeedDoesNot) {
  const ToyCorpus a = make_toy_corpus({7, 50, 10, 10, 3, 50}), b = make_toy_corpus({7, 50, 10, 10, 3, 50});
  const ToyCorpus c = make_toy_corpus({8, 50, 10, 10, 3, 50});
  for (std::size_t k = 0; k < 50; ++k) EXPECT_EQ(a.train[k].source, b.train[k].source);
  EXPECT_EQ(a.test.back().target, b.test.back().target);
  EXPECT_NE(a.train[0].source, c.train[0].source);
  // The splits are separate streams: a larger test set leaves the training set as it was.
  const ToyCorpus d = make_toy_corpus({7, 50, 10, 99, 3, 50});
  EXPECT_EQ(a.train.back().source, d.train.back().source);
}

TEST(ToyCorpus, ZuotianInAClauseMeansYesterdayEndsItsTranslation) {
  int seen = 0;
  for (const auto& pair : corpus().train) {
    const auto zh = split(words(corpus().source_vocab, pair.source), "，");
    const auto en = split(words(corpus().target_vocab, pair.target), ",");
    ASSERT_EQ(zh.size(), en.size());
    for (std::size_t k = 0; k < zh.size(); ++k) {
      EXPECT_EQ(has(zh[k], "昨天"), has(en[k], "yesterday"));
      if (!has(zh[k], "昨天")) continue;
      ++seen;
      EXPECT_EQ(en[k].back(), "yesterday");      // moved to the end of its clause
      EXPECT_NE(zh[k].back(), "昨天");           // from the front half in the source
      EXPECT_FALSE(has(en[k], "will"));          // and it makes the verb past
    }
  }
  EXPECT_GT(seen, 100);
}

TEST(ToyCorpus, TomorrowMakesTheVerbFuture) {
  for (const auto& pair : corpus().train) {
    const auto zh = split(words(corpus().source_vocab, pair.source), "，");
    const auto en = split(words(corpus().target_vocab, pair.target), ",");
    for (std::size_t k = 0; k < zh.size(); ++k)
      if (has(zh[k], "明天")) EXPECT_TRUE(has(en[k], "will") && en[k].back() == "tomorrow");
  }
}

TEST(ToyCorpus, SourceLengthsRunFromThreeToFifty) {
  std::vector<int> per_decade(5, 0);
  int lo = 1000, hi = 0;
  for (const auto& pair : corpus().train) {
    const int n = static_cast<int>(pair.source.size());
    lo = std::min(lo, n), hi = std::max(hi, n);
    ++per_decade[std::min(4, (n - 1) / 10)];
  }
  EXPECT_EQ(lo, 3);
  EXPECT_GE(hi, 48);
  EXPECT_LE(hi, 50);
  for (int count : per_decade) EXPECT_GT(count, 300);  // every length range well represented
}

TEST(ToyCorpus, VocabulariesHoldAFewDozenToAHundredWords) {
  EXPECT_GE(corpus().source_vocab.size(), 40);
  EXPECT_LE(corpus().source_vocab.size(), 120);
  EXPECT_GE(corpus().target_vocab.size(), 40);
  EXPECT_LE(corpus().target_vocab.size(), 120);
  EXPECT_EQ(corpus().target_vocab.words[kEos], "<eos>");
  EXPECT_EQ(corpus().target_vocab.words[kBos], "<bos>");
}

TEST(ToyCorpus, HeldOutSourcesNeverRepeatATrainingSource) {
  std::set<std::vector<int>> train;
  for (const auto& p : corpus().train) train.insert(p.source);
  for (const auto& p : corpus().test) EXPECT_EQ(train.count(p.source), 0u);
  for (const auto& p : corpus().valid) EXPECT_EQ(train.count(p.source), 0u);
}

TEST(ToyCorpus, ASingleClauseReadsLikeTheIssueExample) {
  // 我 昨天 看见 一只 猫 → I saw a cat yesterday: every word of it is in the lexicon.
  for (const char* w : {"我", "昨天", "看见", "一只", "猫"}) EXPECT_NO_THROW(corpus().source_vocab.id(w));
  for (const char* w : {"I", "saw", "a", "cat", "yesterday"}) EXPECT_NO_THROW(corpus().target_vocab.id(w));
  Rng rng(3);
  const ToyWords s = toy_sentence(rng, 3);
  EXPECT_GE(s.source.size(), 3u);
  EXPECT_GE(s.target.size(), 3u);
}

}  // namespace
}  // namespace attn
