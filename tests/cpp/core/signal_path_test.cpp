#include "core/signal_path.hpp"

#include <gtest/gtest.h>

#include "core/checks.hpp"

namespace attn {

// h_j … h_n (n − j + 1 states), c, s_1 … s_i: (n − j) + 1 + i hops, for every n, j, i.
TEST(SignalPath, RnnHopsAreNMinusJPlusIPlusOne) {
  for (int n = 1; n <= 60; ++n)
    for (int j = 1; j <= n; ++j)
      for (int i = 1; i <= 60; i += 7) EXPECT_EQ(rnn_path(n, j, i).hops(), n - j + i + 1);
}

TEST(SignalPath, RnnPathVisitsEveryLaterEncoderStateThenCThenEveryDecoderState) {
  const SignalPath p = rnn_path(5, 2, 3);
  ASSERT_EQ(p.nodes.size(), 8u);
  for (int k = 0; k < 4; ++k) {
    EXPECT_EQ(p.nodes[k].kind, PathNode::kEncoder);
    EXPECT_EQ(p.nodes[k].index, 2 + k);
  }
  EXPECT_EQ(p.nodes[4].kind, PathNode::kContext);
  for (int k = 0; k < 3; ++k) {
    EXPECT_EQ(p.nodes[5 + k].kind, PathNode::kDecoder);
    EXPECT_EQ(p.nodes[5 + k].index, 1 + k);
  }
}

TEST(SignalPath, AttentionIsOneHopFromHjToSiForEveryNJI) {
  for (int n = 1; n <= 60; ++n)
    for (int j = 1; j <= n; ++j)
      for (int i = 1; i <= 60; i += 7) {
        const SignalPath p = attention_path(n, j, i);
        ASSERT_EQ(p.hops(), 1);
        EXPECT_EQ(p.nodes[0].index, j);
        EXPECT_EQ(p.nodes[1].index, i);
      }
}

TEST(SignalPath, RejectsPositionsOutsideTheSentence) {
  EXPECT_THROW(rnn_path(5, 6, 1), InvalidInput);
  EXPECT_THROW(rnn_path(5, 0, 1), InvalidInput);
  EXPECT_THROW(attention_path(5, 1, 0), InvalidInput);
}

}  // namespace attn
