#include "core/concepts.hpp"

#include <gtest/gtest.h>

#include <map>

#include "core/checks.hpp"

namespace attn {
namespace {

Eigen::Index row_argmax(const Eigen::MatrixXd& m, Eigen::Index i) {
  Eigen::Index j = 0;
  m.row(i).maxCoeff(&j);
  return j;
}

Eigen::MatrixXd raw_scores(const SentencePair& pair) {  // s_i·h_j
  return concept_matrix(pair.tgt) * concept_matrix(pair.src).transpose();
}

}  // namespace

TEST(Concepts, ThreeStepsLargestRawScoreIs131) {
  // The chapter: the largest e goes from 0.16 (d = 64) to 1.31 (d = 1), so max_j s·h_j = 1.31.
  const SentencePair& pair = sentence_pair(kReorderedPair);
  const Eigen::VectorXd s = concept_vector(pair.tgt[kThreeStepsTarget]);
  const Eigen::VectorXd raw = concept_matrix(pair.src) * s;
  EXPECT_GE(raw.maxCoeff(), 1.305);
  EXPECT_LT(raw.maxCoeff(), 1.315);
  EXPECT_GE(raw.maxCoeff() / 8.0, 0.155);  // rounds to 0.16 at d = 64
  EXPECT_LT(raw.maxCoeff() / 8.0, 0.165);
}

TEST(Concepts, EveryEnglishWordScoresHighestWithItsTranslation) {
  const std::map<std::string, std::string> translation = {{"I", "我"},     {"yesterday", "昨天"},
                                                          {"saw", "看见"}, {"a", "一只"},
                                                          {"cat", "猫"},   {"black", "黑"}};
  for (const auto& pair : sentence_pairs()) {
    const Eigen::MatrixXd raw = raw_scores(pair);
    for (size_t i = 0; i < pair.tgt.size(); ++i) {
      const auto j = static_cast<size_t>(row_argmax(raw, static_cast<Eigen::Index>(i)));
      EXPECT_EQ(pair.src[j], translation.at(pair.tgt[i])) << pair.tgt[i];
    }
  }
}

TEST(Concepts, AWordAndItsTranslationShareExactlyOneWordDimension) {
  // Dimensions 0–5 are word dimensions; a translation pair has both entries nonzero in one.
  const std::vector<std::pair<std::string, std::string>> pairs = {
      {"我", "I"},   {"昨天", "yesterday"}, {"看见", "saw"},
      {"一只", "a"}, {"猫", "cat"},         {"黑", "black"}};
  for (size_t k = 0; k < pairs.size(); ++k) {
    const Eigen::VectorXd zh = concept_vector(pairs[k].first), en = concept_vector(pairs[k].second);
    for (int dim = 0; dim < 6; ++dim) {
      const bool shared = zh(dim) != 0.0 && en(dim) != 0.0;
      EXPECT_EQ(shared, dim == static_cast<int>(k)) << pairs[k].first << " dim " << dim;
    }
  }
  EXPECT_EQ(concept_dimension_names().size(), static_cast<size_t>(kConceptDim));
}

TEST(Concepts, SameOrderPairIsDiagonal) {
  const Eigen::MatrixXd raw = raw_scores(sentence_pair(kSameOrderPair));
  for (Eigen::Index i = 0; i < raw.rows(); ++i) EXPECT_EQ(row_argmax(raw, i), i);
}

TEST(Concepts, ReorderedPairBendsAtYesterday) {
  const SentencePair& pair = sentence_pair(kReorderedPair);
  const Eigen::MatrixXd raw = raw_scores(pair);
  ASSERT_EQ(pair.tgt[4], "yesterday");
  EXPECT_EQ(pair.src[static_cast<size_t>(row_argmax(raw, 4))], "昨天");
  int off_diagonal = 0;
  for (Eigen::Index i = 0; i < raw.rows(); ++i) off_diagonal += row_argmax(raw, i) != i;
  EXPECT_GT(off_diagonal, 0);
}

TEST(Concepts, UnknownWordsAndPairsAreRejectedByName) {
  try {
    concept_vector("dog");
    FAIL() << "no throw";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("dog"), std::string::npos);
  }
  EXPECT_THROW(sentence_pair(2), InvalidInput);
  EXPECT_THROW(sentence_pair(-1), InvalidInput);
}

}  // namespace attn
