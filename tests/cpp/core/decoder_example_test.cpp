#include "core/decoder_example.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace attn {

TEST(DecoderExample, ReadsTheChapterSentenceIntoFiveMemoriesAndKnowsTheTargetWords) {
  const DecoderExample ex = decoder_example(1);
  EXPECT_EQ(ex.source, (std::vector<std::string>{"我", "昨天", "看见", "一只", "猫"}));
  EXPECT_EQ(ex.memories.rows(), 5);
  EXPECT_EQ(ex.memories.cols(), DecoderExample::kHidden);
  EXPECT_EQ(ex.vocab[ex.start], "<s>");
  EXPECT_EQ(ex.vocab[ex.end], "</s>");
  for (const char* w : {"I", "saw", "a", "cat", "yesterday"})
    EXPECT_NE(std::find(ex.vocab.begin(), ex.vocab.end(), w), ex.vocab.end()) << w;
  EXPECT_EQ(ex.initial_state, ex.memories.row(4).transpose());  // s_0 = h_n
}

TEST(DecoderExample, SameSeedSameModelOtherSeedOtherModel) {
  const DecoderExample a = decoder_example(3), b = decoder_example(3), c = decoder_example(4);
  EXPECT_EQ(a.memories, b.memories);
  EXPECT_EQ(a.weights.out_weight, b.weights.out_weight);
  EXPECT_NE(a.memories, c.memories);
  EXPECT_NE(a.weights.embedding, c.weights.embedding);
}

}  // namespace attn
