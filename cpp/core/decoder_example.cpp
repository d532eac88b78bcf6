#include "core/decoder_example.hpp"

#include <cmath>

#include "core/concepts.hpp"
#include "core/gru_encoder.hpp"
#include "core/rng.hpp"

namespace attn {
namespace {

// One independent stream per part of the model, so changing one part never shifts another.
enum Role : std::uint64_t { kSourceEmbedding = 1, kEncoderCell, kTargetEmbedding, kDecoderCell, kOutput };

std::vector<std::string> example_vocab(const SentencePair& pair) {
  std::vector<std::string> vocab = {"<s>", "</s>"};
  for (const auto& w : pair.tgt) vocab.push_back(w);
  for (const char* w : {"the", "dog", "see", "today", "you", "black"}) vocab.push_back(w);
  return vocab;
}

}  // namespace

DecoderExample decoder_example(std::uint64_t seed) {
  const int e = DecoderExample::kEmbed, d = DecoderExample::kHidden;
  const SentencePair& pair = sentence_pair(kReorderedPair);  // 我 昨天 看见 一只 猫 → I saw a cat yesterday
  DecoderExample ex;
  ex.source = pair.src;
  ex.vocab = example_vocab(pair);

  Rng source_rng(derive_seed(seed, kSourceEmbedding));
  const Eigen::MatrixXd source_vectors = source_rng.normal_matrix(static_cast<int>(ex.source.size()), e);
  Rng encoder_rng(derive_seed(seed, kEncoderCell));
  ex.memories = gru_encode(random_gru_cell(e, d, encoder_rng), source_vectors);
  ex.initial_state = ex.memories.row(ex.memories.rows() - 1).transpose();

  const int V = static_cast<int>(ex.vocab.size());
  Rng target_rng(derive_seed(seed, kTargetEmbedding));
  ex.weights.embedding = target_rng.normal_matrix(V, e);
  Rng decoder_rng(derive_seed(seed, kDecoderCell));
  ex.weights.cell = random_gru_cell(e, d, decoder_rng);
  // W_o ~ N(0, 1/d): a logit then has variance about |[s; c]|²/d, enough to rank the words
  // visibly without making the untrained distribution one-hot.
  Rng output_rng(derive_seed(seed, kOutput));
  ex.weights.out_weight = output_rng.normal_matrix(V, 2 * d, 1.0 / std::sqrt(static_cast<double>(d)));
  ex.weights.out_bias = Eigen::VectorXd::Zero(V);
  return ex;
}

}  // namespace attn
