#pragma once
// The `decoder` figure's model: 「我 昨天 看见 一只 猫」 read by a small GRU encoder, and an
// attention decoder over a small English vocabulary. All weights are seeded, not trained (the
// page says so): the figure shows what one step computes, not a good translation.
#include <Eigen/Dense>
#include <cstdint>
#include <string>
#include <vector>

#include "core/decoder_step.hpp"

namespace attn {

struct DecoderExample {
  static constexpr int kEmbed = 8;    // e: width of word embeddings
  static constexpr int kHidden = 16;  // d: width of encoder memories and decoder states

  std::vector<std::string> source;  // the Chinese sentence
  std::vector<std::string> vocab;   // <s>, </s>, the English target words, a few others
  int start = 0, end = 1;           // indices of <s> and </s> in vocab
  Eigen::MatrixXd memories;         // n × d: row j = h_j from the GRU encoder
  Eigen::VectorXd initial_state;    // s_0 = h_n, as Seq2Seq hands c = h_n to its decoder
  DecoderWeights weights;
};

// Same seed, same model: every weight comes from derive_seed(seed, role) streams of our Rng.
DecoderExample decoder_example(std::uint64_t seed);

}  // namespace attn
