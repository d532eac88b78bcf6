// The `decoder` figure as the attn_figure2 module computes it (figure2/trained_decoder): the
// registry's spec and checks, the core's own numbers for the seeded decoder, and for the trained
// weights the RNNsearch's greedy decoding, step by step, as decode_steps gives it.
#include "figure2/trained_decoder.hpp"

#include <gtest/gtest.h>

#include "core/checks.hpp"
#include "core/example.hpp"
#include "figures/decoder.hpp"
#include "nmt/rnn_search.hpp"
#include "support/tiny_figure2.hpp"

namespace attn {
namespace {

Figure2Config tiny_config() { return testing::tiny_figure2_config(); }

struct Trained {
  Figure2Run run{Figure2Model::RnnSearch, tiny_config()};
  Figure figure = decoder_figure(run);
  Trained() { run.train(24); }
};

TEST(TrainedDecoder, SeededWeightsAreTheCoresOwnFigure) {
  Trained t;
  for (int step = 1; step <= 6; ++step)
    EXPECT_EQ(to_json(compute_figure(t.figure, {{"step", step}, {"seed", 7}})),
              to_json(compute_figure("decoder", {{"step", step}, {"seed", 7}})));
}

TEST(TrainedDecoder, TrainedWeightsShowTheRnnSearchDecodingTheExampleStepByStep) {
  Trained t;
  const Figure2Run::DecodeTrace whole = t.run.decode_steps(example_source(), 1000);
  for (int step = 1; step <= 6; ++step) {
    const Value out = compute_figure(t.figure, {{"step", step}, {"weights", kDecoderTrainedWeights}});
    EXPECT_EQ(out.at("id").as_string(), "decoder");
    EXPECT_EQ(out.at("params").at("step").as_number(), step);
    const Value& data = out.at("data");
    EXPECT_TRUE(data.at("trained").as_bool());
    EXPECT_EQ(data.at("src").as_array().size(), example_source().size());
    std::vector<std::string> lines;
    for (const auto& l : data.at("lines").as_array()) lines.push_back(l.as_string());
    EXPECT_EQ(lines, rnn_search_step_lines());
    const auto& steps = data.at("steps").as_array();
    ASSERT_EQ(steps.size(), std::min<std::size_t>(step, whole.steps.size()));
    for (std::size_t i = 0; i < steps.size(); ++i) {
      EXPECT_EQ(steps[i].at("input").as_string(), whole.steps[i].input);
      EXPECT_EQ(steps[i].at("chosen").as_string(), whole.steps[i].chosen);
      EXPECT_EQ(steps[i].at("top").as_array()[0].at("word").as_string(), whole.steps[i].chosen);
      const auto& alpha = steps[i].at("alpha").as_numbers();
      for (std::size_t j = 0; j < alpha.size(); ++j) EXPECT_EQ(alpha[j], whole.steps[i].alpha(static_cast<Eigen::Index>(j)));
    }
    EXPECT_EQ(data.at("stopped").as_bool(), steps.back().at("chosen").as_string() == "<eos>");
  }
}

TEST(TrainedDecoder, ChecksParamsByTheSpecAndRefusesAModelThatHasNotLearned) {
  Trained t;
  EXPECT_THROW(compute_figure(t.figure, {{"step", 7}, {"weights", 1}}), InvalidInput);
  EXPECT_THROW(compute_figure(t.figure, {{"weights", 0.5}}), InvalidInput);
  EXPECT_THROW(compute_figure(t.figure, {{"nonsense", 1}}), InvalidInput);
  const Figure2Run fresh(Figure2Model::RnnSearch, tiny_config());
  EXPECT_THROW(compute_figure(decoder_figure(fresh), {{"weights", 1}}), InvalidInput);
  const Figure2Run enc(Figure2Model::RnnEnc, tiny_config());
  EXPECT_NO_THROW(compute_figure(decoder_figure(enc), {{"weights", 0}}));
}

}  // namespace
}  // namespace attn
