// The chapter's Figure-2 claims, checked on the weights the build trained (build.sh build_figure2
// → build/figure2/<model>.weights and .json, from figure2_default_config()). The weights are
// evaluated here afresh on the test split; the JSON the page shows must hold exactly those numbers.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <sstream>

#include "figure2/run.hpp"
#include "figure2/weight_file.hpp"
#include "figure2/report.hpp"
#include "core/example.hpp"

#ifndef ATTN_FIGURE2_DIR
#define ATTN_FIGURE2_DIR "build/figure2"
#endif

namespace attn {
namespace {

std::string figure2_dir() {
  const char* env = std::getenv("ATTN_FIGURE2_DIR");
  return env && *env ? env : ATTN_FIGURE2_DIR;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// One trained model, loaded from the build's files and evaluated now.
struct Trained {
  Figure2Run run;
  Evaluation evaluation;
  std::string json;
};

// Loads once per model; nullptr (and a test failure saying why) if the files are missing.
const Trained* trained(Figure2Model model) {
  static std::map<Figure2Model, std::unique_ptr<Trained>> cache;
  auto& slot = cache[model];
  if (slot) return slot.get();
  const std::string base = figure2_dir() + "/" + figure2_model_name(model);
  const std::string bytes = read_file(base + ".weights"), json = read_file(base + ".json");
  if (bytes.empty() || json.empty()) {
    ADD_FAILURE() << base << ".weights/.json missing: run ./build.sh build, or "
                  << "attn train-figure2 --model both --out " << figure2_dir();
    return nullptr;
  }
  Figure2Run run(model, figure2_default_config());
  run.load_weights(decode_weight_file(std::vector<unsigned char>(bytes.begin(), bytes.end())));
  Evaluation evaluation = run.evaluate();
  slot = std::make_unique<Trained>(Trained{std::move(run), std::move(evaluation), json});
  return slot.get();
}

class Figure2Claims : public ::testing::Test {
 protected:
  void SetUp() override {
#ifdef ATTN_SANITIZED_BUILD
    GTEST_SKIP() << "evaluating the trained models takes minutes under the sanitizers; the native "
                    "build checks these claims";
#endif
  }
};

// The fixed vector holds short sentences and loses long ones (issue 13, the paper's Figure 2):
// RNNenc scores at least 0.60 on 3–9 words, less in each longer bucket, and at most a third of
// that on 40–50. Asserted for the default config's seeds, which the page retrains bit for bit;
// other init seeds gave 0.55–0.67 on 3–9 and a ratio of 0.21–0.23 (docs/FIGURES.md).
TEST_F(Figure2Claims, RnnEncHoldsShortSentencesAndLosesLongOnes) {
  const Trained* enc = trained(Figure2Model::RnnEnc);
  ASSERT_NE(enc, nullptr);
  const auto& b = enc->evaluation.buckets;
  ASSERT_EQ(b.size(), 5u);
  for (const auto& bucket : b) EXPECT_GE(bucket.count, 50) << "bucket " << bucket.lo << "–" << bucket.hi;
  EXPECT_GE(b.front().bleu, 0.60) << "3–9 words";
  EXPECT_LE(b.back().bleu, b.front().bleu / 3) << "3–9: " << b.front().bleu << ", 40–50: " << b.back().bleu;
  for (std::size_t k = 1; k < b.size(); ++k) EXPECT_LT(b[k].bleu, b[k - 1].bleu) << "bucket " << b[k].lo;
}

// Attention keeps every source word within reach: RNNsearch scores at least 0.90 in every bucket.
TEST_F(Figure2Claims, RnnSearchScoresAtLeast0_90InEveryBucket) {
  const Trained* search = trained(Figure2Model::RnnSearch);
  ASSERT_NE(search, nullptr);
  for (const auto& bucket : search->evaluation.buckets)
    EXPECT_GE(bucket.bleu, 0.90) << "bucket " << bucket.lo << "–" << bucket.hi;
}

// 「我 昨天 看见 一只 猫」 → "I saw a cat yesterday": the row of "yesterday" peaks on 昨天, two
// words from the end of the output but second in the source, as no fixed diagonal would have it.
TEST_F(Figure2Claims, YesterdayAttendsToZuotian) {
  const Trained* search = trained(Figure2Model::RnnSearch);
  ASSERT_NE(search, nullptr);
  const auto a = search->run.align(example_source());
  EXPECT_EQ(a.output, (std::vector<std::string>{"I", "saw", "a", "cat", "yesterday"}));
  const auto it = std::find(a.output.begin(), a.output.end(), "yesterday");
  ASSERT_NE(it, a.output.end());
  Eigen::Index peak;
  a.weights.row(it - a.output.begin()).maxCoeff(&peak);
  EXPECT_EQ(a.source[static_cast<std::size_t>(peak)], "昨天");
}

// The page shows the JSON as it is: its config, final evaluation and alignment must be what the
// core computes from the weights beside it (17 significant digits: the same doubles).
TEST_F(Figure2Claims, TheJsonHoldsWhatTheCoreComputesFromTheWeights) {
  for (Figure2Model model : {Figure2Model::RnnEnc, Figure2Model::RnnSearch}) {
    const Trained* t = trained(model);
    ASSERT_NE(t, nullptr);
    const Figure2Config config = figure2_default_config();
    const auto has = [&](const std::string& key, const Value& v) {
      return t->json.find("\"" + key + "\":" + to_json(v)) != std::string::npos;
    };
    EXPECT_TRUE(has("config", figure2_config_value(config)))
        << figure2_model_name(model) << ": the JSON was trained with another config; rebuild";
    EXPECT_TRUE(has("final", figure2_evaluation_value(config.train.steps, t->evaluation)))
        << figure2_model_name(model) << ": the JSON's final evaluation differs from the weights'";
    if (model == Figure2Model::RnnSearch)
      EXPECT_TRUE(has("alignment", figure2_alignment_value(t->run.align(example_source()))));
  }
}

}  // namespace
}  // namespace attn
