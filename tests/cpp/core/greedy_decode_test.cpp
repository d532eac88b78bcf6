#include "core/greedy_decode.hpp"

#include <gtest/gtest.h>

#include "core/decoder_example.hpp"

namespace attn {

// Each step writes its most probable word other than <s> (which only starts a sentence) and feeds it (and its state) to the next step;
// decoding ends at </s> or after max_steps.
TEST(GreedyDecode, WritesTheArgmaxAndFeedsItBackUntilEndOrMaxSteps) {
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    const DecoderExample ex = decoder_example(seed);
    const auto steps = greedy_decode(ex.weights, ex.initial_state, ex.memories, ex.start, ex.end, 6);
    ASSERT_GE(steps.size(), 1u);
    ASSERT_LE(steps.size(), 6u);
    EXPECT_EQ(steps[0].input, ex.start);
    Eigen::VectorXd state = ex.initial_state;
    for (size_t i = 0; i < steps.size(); ++i) {
      const DecoderStep again = decoder_step(ex.weights, steps[i].input, state, ex.memories);
      EXPECT_EQ(again.probs, steps[i].step.probs);
      EXPECT_NE(steps[i].chosen, ex.start);
      for (int v = 0; v < steps[i].step.probs.size(); ++v)
        if (v != ex.start) EXPECT_GE(steps[i].step.probs(steps[i].chosen), steps[i].step.probs(v));
      if (i + 1 < steps.size()) {
        EXPECT_NE(steps[i].chosen, ex.end);
        EXPECT_EQ(steps[i + 1].input, steps[i].chosen);
      }
      state = steps[i].step.state;
    }
    if (steps.size() < 6u) EXPECT_EQ(steps.back().chosen, ex.end);
  }
}

}  // namespace attn
