#include "figure2/run.hpp"
#include "figure2/weight_file.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "core/checks.hpp"
#include "support/tiny_figure2.hpp"

namespace attn {
namespace {

Figure2Config tiny_config() { return testing::tiny_figure2_config(); }

const std::vector<std::string> kExample = {"我", "昨天", "看见", "一只", "猫"};

TEST(Figure2Run, ModelNamesRoundTripAndUnknownNamesAreRejected) {
  for (Figure2Model m : {Figure2Model::RnnEnc, Figure2Model::RnnSearch})
    EXPECT_EQ(figure2_model_from_name(figure2_model_name(m)), m);
  EXPECT_THROW(figure2_model_from_name("transformer"), InvalidInput);
}

TEST(Figure2Run, TrainingInSlicesOfAnySizeEqualsOneCallBitForBit) {
  for (Figure2Model m : {Figure2Model::RnnEnc, Figure2Model::RnnSearch}) {
    Figure2Run whole(m, tiny_config()), sliced(m, tiny_config());
    const std::vector<double> once = whole.train(24);
    std::vector<double> pieces;
    for (int size : {1, 5, 0, 7, 11}) {
      const auto part = sliced.train(size);
      pieces.insert(pieces.end(), part.begin(), part.end());
    }
    EXPECT_EQ(once.size(), 24u);
    EXPECT_EQ(once, pieces);
    EXPECT_EQ(whole.save_weights(), sliced.save_weights());
    EXPECT_EQ(sliced.steps_done(), 24);
  }
}

// The determinism policy: one config, one platform → the same bits. (Native and WASM agree only
// to rounding: Eigen's vectorised sums and the two libms differ in the last bits.)
TEST(Figure2Run, OneConfigTrainsToTheSameBitsAndAnotherInitSeedDoesNot) {
  Figure2Config other = tiny_config();
  other.init_seed = 5;
  Figure2Run a(Figure2Model::RnnSearch, tiny_config()), b(Figure2Model::RnnSearch, tiny_config()),
      c(Figure2Model::RnnSearch, other);
  EXPECT_EQ(a.train(24), b.train(24));
  EXPECT_EQ(a.save_weights(), b.save_weights());
  c.train(24);
  EXPECT_NE(a.save_weights(), c.save_weights());
}

TEST(Figure2Run, TrainingNeverGoesPastTheConfiguredSteps) {
  Figure2Run run(Figure2Model::RnnEnc, tiny_config());
  EXPECT_EQ(run.train(100).size(), 24u);
  EXPECT_TRUE(run.train(5).empty());
  EXPECT_EQ(run.steps_done(), 24);
  EXPECT_THROW(run.train(-1), InvalidInput);
}

TEST(Figure2Run, EvaluationCoversTheTestSplitByBucket) {
  Figure2Run run(Figure2Model::RnnSearch, tiny_config());
  run.train(24);
  const Evaluation e = run.evaluate();
  ASSERT_EQ(e.buckets.size(), 2u);
  EXPECT_EQ(e.hypotheses.size(), run.corpus().test.size());
  EXPECT_EQ(e.buckets[0].count + e.buckets[1].count, 40);
}

TEST(Figure2Run, AlignGivesOneRowPerOutputWordSummingToOne) {
  Figure2Run run(Figure2Model::RnnSearch, tiny_config());
  run.train(24);
  const auto a = run.align(kExample);
  EXPECT_EQ(a.source, kExample);
  ASSERT_EQ(a.weights.cols(), 5);
  // One row per word written, plus the <eos> step when the decoder stopped by itself.
  EXPECT_TRUE(a.weights.rows() == static_cast<Eigen::Index>(a.output.size()) ||
              a.weights.rows() == static_cast<Eigen::Index>(a.output.size()) + 1);
  for (Eigen::Index i = 0; i < a.weights.rows(); ++i) EXPECT_NEAR(a.weights.row(i).sum(), 1.0, 1e-12);
  EXPECT_EQ(run.translate(kExample), a.output);
}

// The decoder figure's trace is the translation and the alignment, step by step.
TEST(Figure2Run, DecodeStepsRetraceTheTranslationAndItsAlignment) {
  Figure2Run run(Figure2Model::RnnSearch, tiny_config());
  run.train(24);
  const Figure2Run::DecodeTrace trace = run.decode_steps(kExample, 1000);  // the whole translation
  const Figure2Run::Alignment alignment = run.align(kExample);
  ASSERT_EQ(static_cast<Eigen::Index>(trace.steps.size()), alignment.weights.rows());
  EXPECT_EQ(trace.source, kExample);
  EXPECT_EQ(trace.steps.front().input, "<bos>");
  const auto& vocab = run.corpus().target_vocab;
  std::vector<std::string> written;
  for (std::size_t i = 0; i < trace.steps.size(); ++i) {
    const auto& step = trace.steps[i];
    EXPECT_EQ(step.alpha.transpose(), alignment.weights.row(static_cast<Eigen::Index>(i)));
    Eigen::Index best;
    step.probs.maxCoeff(&best);
    EXPECT_EQ(vocab.words[static_cast<std::size_t>(best)], step.chosen);
    EXPECT_NEAR(step.probs.sum(), 1.0, 1e-12);
    if (i > 0) EXPECT_EQ(step.input, trace.steps[i - 1].chosen);
    if (step.chosen != "<eos>") written.push_back(step.chosen);
  }
  EXPECT_EQ(written, run.translate(kExample));
  EXPECT_EQ(trace.stopped, trace.steps.back().chosen == "<eos>");
  // The first k steps are the first k of the whole translation; stopped only if the k-th chose <eos>.
  const Figure2Run::DecodeTrace first = run.decode_steps(kExample, 2);
  ASSERT_EQ(first.steps.size(), std::min<std::size_t>(2, trace.steps.size()));
  EXPECT_EQ(first.steps.back().chosen, trace.steps[first.steps.size() - 1].chosen);
  EXPECT_EQ(first.stopped, first.steps.back().chosen == "<eos>");
  EXPECT_THROW(run.decode_steps(kExample, 0), InvalidInput);
  EXPECT_THROW(Figure2Run(Figure2Model::RnnEnc, tiny_config()).decode_steps(kExample, 3), InvalidInput);
}

TEST(Figure2Run, AlignRejectsRnnEncAndUnknownWords) {
  Figure2Run enc(Figure2Model::RnnEnc, tiny_config());
  EXPECT_THROW(enc.align(kExample), InvalidInput);
  Figure2Run search(Figure2Model::RnnSearch, tiny_config());
  EXPECT_THROW(search.align({"我", "昨天", "看见", "一只", "恐龙"}), InvalidInput);
  EXPECT_THROW(search.align({}), InvalidInput);
  EXPECT_THROW(search.translate({"cat"}), InvalidInput);
  EXPECT_NO_THROW(enc.translate(kExample));
}

TEST(Figure2Run, BadConfigsAreRejectedNotAborted) {
  Figure2Config c = tiny_config();
  c.hidden = 0;
  EXPECT_THROW(Figure2Run(Figure2Model::RnnEnc, c), InvalidInput);
  c = tiny_config();
  c.bucket_edges = {3, 3};
  EXPECT_THROW(Figure2Run(Figure2Model::RnnEnc, c), InvalidInput);
  c = tiny_config();
  c.train.lr = std::nan("");
  EXPECT_THROW(Figure2Run(Figure2Model::RnnSearch, c), InvalidInput);
}

TEST(Figure2Run, LoadingSavedWeightsReproducesTheTranslations) {
  for (Figure2Model m : {Figure2Model::RnnEnc, Figure2Model::RnnSearch}) {
    Figure2Run trained(m, tiny_config());
    trained.train(24);
    const std::vector<float> w = trained.save_weights();
    EXPECT_EQ(w.size(), trained.parameter_count());
    Figure2Config other = tiny_config();
    other.init_seed = 99;  // different initial weights: loading must replace every one of them
    Figure2Run fresh(m, other);
    EXPECT_NE(fresh.save_weights(), w);
    fresh.load_weights(decode_weight_file(encode_weight_file(w)));
    EXPECT_EQ(fresh.save_weights(), w);
    // float32 is precise enough: the loaded model writes what the trained (double) one writes.
    EXPECT_EQ(fresh.evaluate().hypotheses, trained.evaluate().hypotheses);
    for (const auto& pair : trained.corpus().test) {
      std::vector<std::string> words;
      for (int id : pair.source) words.push_back(trained.corpus().source_vocab.words[id]);
      EXPECT_EQ(fresh.translate(words), trained.translate(words));
    }
  }
}

TEST(Figure2Run, LoadWeightsRejectsTheWrongCountAndNonFiniteValues) {
  Figure2Run run(Figure2Model::RnnSearch, tiny_config());
  std::vector<float> w = run.save_weights();
  w.pop_back();
  EXPECT_THROW(run.load_weights(w), InvalidInput);
  w = run.save_weights();
  w[3] = std::numeric_limits<float>::infinity();
  EXPECT_THROW(run.load_weights(w), InvalidInput);
  Figure2Run enc(Figure2Model::RnnEnc, tiny_config());
  EXPECT_THROW(enc.load_weights(run.save_weights()), InvalidInput);  // the other model's weights
}

TEST(Figure2Run, WeightFileRoundTripsBitForBitInItsDocumentedLayout) {
  const std::vector<float> w = {1.0f, -0.0f, 3.25e-7f, -1e30f, std::numeric_limits<float>::denorm_min()};
  const auto bytes = encode_weight_file(w);
  ASSERT_EQ(bytes.size(), 12u + 4 * w.size());
  EXPECT_EQ(std::memcmp(bytes.data(), "ATTNW001", 8), 0);
  const std::vector<unsigned char> count(bytes.begin() + 8, bytes.begin() + 12);
  EXPECT_EQ(count, (std::vector<unsigned char>{5, 0, 0, 0}));
  // 1.0f = 0x3F800000, little-endian.
  const std::vector<unsigned char> one(bytes.begin() + 12, bytes.begin() + 16);
  EXPECT_EQ(one, (std::vector<unsigned char>{0x00, 0x00, 0x80, 0x3F}));
  const auto back = decode_weight_file(bytes);
  ASSERT_EQ(back.size(), w.size());
  EXPECT_EQ(std::memcmp(back.data(), w.data(), 4 * w.size()), 0);
  EXPECT_TRUE(decode_weight_file(encode_weight_file({})).empty());
}

TEST(Figure2Run, MalformedWeightFilesAreRejected) {
  const auto good = encode_weight_file({1.0f, 2.0f, 3.0f});
  EXPECT_THROW(decode_weight_file({}), InvalidInput);
  EXPECT_THROW(decode_weight_file(std::vector<unsigned char>(good.begin(), good.begin() + 10)), InvalidInput);
  auto magic = good;
  magic[7] = '2';
  EXPECT_THROW(decode_weight_file(magic), InvalidInput);
  EXPECT_THROW(decode_weight_file(std::vector<unsigned char>(good.begin(), good.end() - 1)), InvalidInput);
  auto extra = good;
  extra.push_back(0);
  EXPECT_THROW(decode_weight_file(extra), InvalidInput);
  auto huge = good;
  huge[11] = 0xFF;  // the count says 4 billion floats
  EXPECT_THROW(decode_weight_file(huge), InvalidInput);
  auto nan = good;
  nan[12 + 4 + 3] = 0x7F, nan[12 + 4 + 2] = 0xC0;  // the second float becomes a NaN
  EXPECT_THROW(decode_weight_file(nan), InvalidInput);
  EXPECT_EQ(decode_weight_file(good).size(), 3u);
}

}  // namespace
}  // namespace attn
