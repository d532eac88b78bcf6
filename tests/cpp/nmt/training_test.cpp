#include "nmt/training.hpp"

#include <gtest/gtest.h>

#include <numeric>

#include "core/rng.hpp"

namespace attn {
namespace {

const ToyCorpus& short_corpus() {
  static const ToyCorpus c = make_toy_corpus({17, 400, 0, 40, 3, 8});
  return c;
}

double mean(const std::vector<double>& v, std::size_t from, std::size_t to) {
  return std::accumulate(v.begin() + from, v.begin() + to, 0.0) / static_cast<double>(to - from);
}

// 200 steps of 16 pairs, hidden 16: the per-token loss starts near log |V| and falls by half.
TEST(Seq2SeqTrain, RnnEncLossFallsSubstantiallyIn200Steps) {
  Rng rng(1);
  const ToyCorpus& c = short_corpus();
  RnnEnc m = random_rnn_enc(c.source_vocab.size(), c.target_vocab.size(), 16, 16, rng);
  const auto losses = train_seq2seq(m, c.train, {200, 16, 1e-2, 1.0, 1});
  EXPECT_LT(mean(losses, 180, 200), 0.5 * mean(losses, 0, 10));
}

TEST(Seq2SeqTrain, RnnSearchLossFallsSubstantiallyIn200Steps) {
  Rng rng(1);
  const ToyCorpus& c = short_corpus();
  RnnSearch m = random_rnn_search(c.source_vocab.size(), c.target_vocab.size(), 16, 16, 16, rng);
  const auto losses = train_seq2seq(m, c.train, {200, 16, 1e-2, 1.0, 1});
  EXPECT_LT(mean(losses, 180, 200), 0.5 * mean(losses, 0, 10));
}

TEST(Seq2SeqTrain, SameSeedsGiveTheSameLossesBitForBit) {
  const ToyCorpus& c = short_corpus();
  std::vector<double> runs[2];
  for (auto& run : runs) {
    Rng rng(5);
    RnnSearch m = random_rnn_search(c.source_vocab.size(), c.target_vocab.size(), 8, 8, 8, rng);
    run = train_seq2seq(m, c.train, {10, 4, 1e-2, 1.0, 9});
  }
  EXPECT_EQ(runs[0], runs[1]);
}

TEST(Seq2SeqTrain, EvaluationScoresEveryTestSentence) {
  Rng rng(2);
  const ToyCorpus& c = short_corpus();
  RnnEnc m = random_rnn_enc(c.source_vocab.size(), c.target_vocab.size(), 8, 8, rng);
  const Evaluation e = evaluate(m, c.test, {3, 6, 9});
  EXPECT_EQ(e.hypotheses.size(), c.test.size());
  EXPECT_EQ(e.buckets[0].count + e.buckets[1].count, static_cast<int>(c.test.size()));
  EXPECT_GE(e.overall.bleu, 0.0);
  EXPECT_LE(e.overall.bleu, 1.0);
}

}  // namespace
}  // namespace attn

namespace attn {
namespace {

TEST(Seq2SeqTrain, TrainingInSlicesEqualsTrainingAtOnce) {
  const ToyCorpus& c = short_corpus();
  Rng r1(6), r2(6);
  RnnEnc a = random_rnn_enc(c.source_vocab.size(), c.target_vocab.size(), 8, 8, r1);
  RnnEnc b = random_rnn_enc(c.source_vocab.size(), c.target_vocab.size(), 8, 8, r2);
  const auto whole = train_seq2seq(a, c.train, {12, 4, 1e-2, 1.0, 3});
  TrainState state;
  auto sliced = train_seq2seq(b, c.train, {5, 4, 1e-2, 1.0, 3}, state);
  const auto rest = train_seq2seq(b, c.train, {7, 4, 1e-2, 1.0, 3}, state);
  sliced.insert(sliced.end(), rest.begin(), rest.end());
  EXPECT_EQ(whole, sliced);
  EXPECT_EQ(state.steps_done, 12);
}

}  // namespace
}  // namespace attn
