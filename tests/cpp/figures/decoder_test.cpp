// Figure `decoder`: one attention decoder step run live, greedy from <s>.
#include <gtest/gtest.h>

#include <string>

#include "core/decoder_step.hpp"
#include "figures/registry.hpp"

namespace attn {
namespace {

Value data(const Params& p) { return compute_figure("decoder", p).at("data"); }

double sum(const Value::Numbers& xs) {
  double s = 0;
  for (double x : xs) s += x;
  return s;
}

}  // namespace

TEST(Decoder, AlphaSumsToOneOverTheFiveSourceWordsAtEveryStep) {
  for (int seed = 1; seed <= 20; ++seed) {
    const Value x = data({{"step", 6}, {"seed", seed}});
    for (const auto& step : x.at("steps").as_array()) {
      ASSERT_EQ(step.at("alpha").as_numbers().size(), 5u);
      EXPECT_NEAR(sum(step.at("alpha").as_numbers()), 1.0, 1e-12);
    }
  }
}

// The top five are the most probable words, in order; the greedy choice is the first of them,
// and it is the next step's input.
TEST(Decoder, TopWordsDescendAndTheChosenWordIsTopOneAndFeedsTheNextStep) {
  const Value x = data({{"step", 6}, {"seed", 2}});
  const auto& steps = x.at("steps").as_array();
  ASSERT_GE(steps.size(), 1u);
  EXPECT_EQ(steps[0].at("input").as_string(), "<s>");
  for (size_t i = 0; i < steps.size(); ++i) {
    const auto& top = steps[i].at("top").as_array();
    ASSERT_EQ(top.size(), 5u);
    double total = 0;
    for (size_t r = 0; r < top.size(); ++r) {
      total += top[r].at("p").as_number();
      if (r) EXPECT_GE(top[r - 1].at("p").as_number(), top[r].at("p").as_number());
    }
    EXPECT_LE(total, 1.0 + 1e-12);
    EXPECT_EQ(steps[i].at("chosen").as_string(), top[0].at("word").as_string());
    if (i + 1 < steps.size()) EXPECT_EQ(steps[i + 1].at("input").as_string(), steps[i].at("chosen").as_string());
  }
}

TEST(Decoder, DeterministicForASeedAndDifferentAcrossSeeds) {
  EXPECT_EQ(to_json(data({{"step", 4}, {"seed", 9}})), to_json(data({{"step", 4}, {"seed", 9}})));
  EXPECT_NE(to_json(data({{"step", 4}, {"seed", 9}})), to_json(data({{"step", 4}, {"seed", 10}})));
}

// Step k shows steps 1…k (fewer only when greedy decoding already wrote </s>), and step k's
// numbers do not change when more steps are shown.
TEST(Decoder, StepParamShowsThatManyStepsOfTheSameRun) {
  const Value six = data({{"step", 6}, {"seed", 1}});
  for (int k = 1; k <= 6; ++k) {
    const Value x = data({{"step", k}, {"seed", 1}});
    const auto& steps = x.at("steps").as_array();
    if (!x.at("stopped").as_bool()) EXPECT_EQ(steps.size(), static_cast<size_t>(k));
    for (size_t i = 0; i < steps.size(); ++i) EXPECT_EQ(to_json(steps[i]), to_json(six.at("steps").as_array()[i]));
  }
}

TEST(Decoder, SaysItIsUntrainedAndListsTheExampleAndTheLinesThatRan) {
  const Value x = data({});
  EXPECT_FALSE(x.at("trained").as_bool());
  std::vector<std::string> src, lines;
  for (const auto& w : x.at("src").as_array()) src.push_back(w.as_string());
  for (const auto& l : x.at("lines").as_array()) lines.push_back(l.as_string());
  EXPECT_EQ(src, (std::vector<std::string>{"我", "昨天", "看见", "一只", "猫"}));
  EXPECT_EQ(lines, decoder_step_lines());
  EXPECT_THROW(data({{"step", 0}}), InvalidInput);
  EXPECT_THROW(data({{"step", 7}}), InvalidInput);
}

// The trained weights live in the second module (attn_figure2), which computes this figure for
// them (tests/cpp/figure2/trained_decoder_test.cpp): this core refuses to invent their steps.
TEST(Decoder, TrainedWeightsAreRefusedHereWithAMessageNamingTheModuleThatHasThem) {
  try {
    data({{"weights", 1}});
    ADD_FAILURE() << "weights = 1 computed in the core";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("attn_figure2"), std::string::npos) << e.what();
  }
  EXPECT_THROW(data({{"weights", 2}}), InvalidInput);
  EXPECT_THROW(data({{"weights", 0.5}}), InvalidInput);
}

}  // namespace attn
