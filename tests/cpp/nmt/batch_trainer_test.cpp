// BatchTrainer (nmt/batch_trainer): the same steps as train_seq2seq, in float, in slices.
#include "nmt/batch_trainer.hpp"

#include <gtest/gtest.h>

#include "core/checks.hpp"
#include "core/rng.hpp"

namespace attn {
namespace {

struct SmallRun {
  ToyCorpus corpus = make_toy_corpus({2, 60, 0, 0, 3, 12});
  TrainConfig config{0, 8, 5e-3, 1.0, 4};
  RnnSearch model() {
    Rng rng(5);
    return random_rnn_search(corpus.source_vocab.size(), corpus.target_vocab.size(), 6, 8, 5, rng);
  }
};

// Same minibatches, same mean per token, same clipping and Adam: the float trainer follows the
// double one (train_seq2seq) step for step, up to float rounding.
TEST(BatchTrainer, FollowsTrainSeq2SeqStepForStep) {
  SmallRun s;
  RnnSearch reference = s.model(), init = s.model();
  TrainConfig cfg = s.config;
  cfg.steps = 30;
  const std::vector<double> expected = train_seq2seq(reference, s.corpus.train, cfg);
  BatchTrainer trainer(init, s.corpus.train, s.config);
  const std::vector<double> losses = trainer.train(30);
  ASSERT_EQ(losses.size(), expected.size());
  for (std::size_t i = 0; i < losses.size(); ++i) EXPECT_NEAR(losses[i], expected[i], 2e-4 * expected[i]) << "step " << i;
  EXPECT_LT(losses.back(), losses.front());
}

TEST(BatchTrainer, SlicesGiveTheSameBitsAsOneCall) {
  SmallRun s;
  RnnSearch a = s.model(), b = s.model();
  BatchTrainer whole(a, s.corpus.train, s.config), sliced(b, s.corpus.train, s.config);
  const std::vector<double> all = whole.train(12);
  std::vector<double> parts = sliced.train(5);
  for (double l : sliced.train(7)) parts.push_back(l);
  EXPECT_EQ(all, parts);
  EXPECT_EQ(whole.weights(), sliced.weights());
  EXPECT_EQ(sliced.steps_done(), 12);
}

TEST(BatchTrainer, CopiesItsWeightsIntoTheDoubleModelInVisitOrder) {
  SmallRun s;
  RnnSearch m = s.model();
  BatchTrainer trainer(m, s.corpus.train, s.config);
  trainer.train(3);
  trainer.copy_weights_to(m);
  std::size_t k = 0;
  bool same = true;
  m.visit([&](const std::string&, auto& p, auto&) {
    for (Eigen::Index i = 0; i < p.size(); ++i) same = same && p.data()[i] == double(trainer.weights()[k++]);
  });
  EXPECT_TRUE(same);
  EXPECT_EQ(k, trainer.weights().size());
}

TEST(BatchTrainer, RejectsWeightsOfTheWrongCount) {
  SmallRun s;
  RnnSearch m = s.model();
  BatchTrainer trainer(m, s.corpus.train, s.config);
  EXPECT_THROW(trainer.set_weights(std::vector<float>(3, 0.f)), InvalidInput);
  EXPECT_THROW(trainer.train(-1), InvalidInput);
}

}  // namespace
}  // namespace attn
