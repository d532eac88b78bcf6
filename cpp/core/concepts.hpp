#pragma once
// The chapter's worked example: hand-set 8-number "concept vectors" for every word, and the
// sentence pairs the §3 figures use.
//
// Stand-in for a trained model: the decoder state s_i for target word i and the encoder memory
// h_j of source word j ARE these concept vectors (a trained encoder/decoder would learn states
// that line up like this; here they are set by hand so a reader can check every product).
#include <Eigen/Dense>
#include <string>
#include <vector>

namespace attn {

constexpr int kConceptDim = 8;

// Names of the 8 dimensions (Chinese, for the page). Dimensions 0–5 each belong to one word and
// its translation (我/I, 昨天/yesterday, 看见/saw, 一只/a, 猫/cat, 黑/black), so a word and its
// translation have a large dot product; 6 and 7 are features shared across words.
const std::vector<std::string>& concept_dimension_names();

// The concept vector of a Chinese or English word of the examples; InvalidInput otherwise.
Eigen::VectorXd concept_vector(const std::string& word);

// One row per word: the concept vectors stacked (S for target words, H for source words).
Eigen::MatrixXd concept_matrix(const std::vector<std::string>& words);

struct SentencePair {
  std::vector<std::string> src;  // Chinese, read by the encoder: memories h_j
  std::vector<std::string> tgt;  // English, written by the decoder: states s_i
};

// 0: 我 看见 一只 黑 猫 → I saw a black cat (same word order: the alignment is diagonal).
// 1: 我 昨天 看见 一只 猫 → I saw a cat yesterday (the diagonal bends at "yesterday").
const std::vector<SentencePair>& sentence_pairs();
const SentencePair& sentence_pair(int index);  // InvalidInput for an index out of range
constexpr int kSameOrderPair = 0;
constexpr int kReorderedPair = 1;

// The decoder state the three-steps figure shows by default ("cat" of pair 1). Its largest raw
// score against the five memories is 1.31 (= 1.15·1.0 + 0.4·0.4 with 猫), the number the
// chapter quotes: 1.31/√64 → 0.16 at d = 64.
constexpr int kThreeStepsTarget = 3;

}  // namespace attn
