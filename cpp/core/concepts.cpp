#include "core/concepts.hpp"

#include <utility>

#include "core/checks.hpp"
#include "core/example.hpp"

namespace attn {
namespace {

// Dimensions: 0 我/I · 1 昨天/yesterday · 2 看见/saw · 3 一只/a · 4 猫/cat · 5 黑/black ·
// 6 有生命 (animate: the speaker and the cat) · 7 过去 (past: yesterday, and the seeing that
// happened then). Word dimensions carry 0.9–1.15, features 0.2–0.5: a translation pair scores
// 0.9–1.31 (cat·猫 = 1.15·1.0 + 0.4·0.4 = 1.31), a pair sharing only a feature 0.08–0.25
// (saw·昨天: the seeing happened yesterday), unrelated words 0.
struct Entry {
  const char* word;
  double v[kConceptDim];
};

// clang-format off
const Entry kConcepts[] = {
    //              我     昨天   看见   一只   猫     黑    有生命  过去
    {"我",        {1.0,  0,     0,     0,     0,     0,     0.5,  0}},
    {"昨天",      {0,    1.0,   0,     0,     0,     0,     0,    0.5}},
    {"看见",      {0,    0,     1.0,   0,     0,     0,     0,    0.3}},
    {"一只",      {0,    0,     0,     1.0,   0,     0,     0.2,  0}},
    {"猫",        {0,    0,     0,     0,     1.0,   0,     0.4,  0}},
    {"黑",        {0,    0,     0,     0,     0,     1.0,   0,    0}},
    {"I",         {1.1,  0,     0,     0,     0,     0,     0.4,  0}},
    {"yesterday", {0,    1.1,   0,     0,     0,     0,     0,    0.4}},
    {"saw",       {0,    0,     1.0,   0,     0,     0,     0,    0.5}},
    {"a",         {0,    0,     0,     0.9,   0,     0,     0,    0}},
    {"cat",       {0,    0,     0,     0,     1.15,  0,     0.4,  0}},
    {"black",     {0,    0,     0,     0,     0,     1.0,   0,    0}},
};
// clang-format on

}  // namespace

const std::vector<std::string>& concept_dimension_names() {
  static const std::vector<std::string> names = {
      "我 / I",   "昨天 / yesterday", "看见 / saw", "一只 / a",
      "猫 / cat", "黑 / black",       "有生命",     "过去"};
  return names;
}

Eigen::VectorXd concept_vector(const std::string& word) {
  for (const auto& entry : kConcepts)
    if (word == entry.word) return Eigen::Map<const Eigen::VectorXd>(entry.v, kConceptDim);
  throw InvalidInput("no concept vector for the word '" + word + "'");
}

Eigen::MatrixXd concept_matrix(const std::vector<std::string>& words) {
  Eigen::MatrixXd m(static_cast<Eigen::Index>(words.size()), kConceptDim);
  for (size_t i = 0; i < words.size(); ++i)
    m.row(static_cast<Eigen::Index>(i)) = concept_vector(words[i]).transpose();
  return m;
}

const std::vector<SentencePair>& sentence_pairs() {
  static const std::vector<SentencePair> pairs = {
      {{"我", "看见", "一只", "黑", "猫"}, {"I", "saw", "a", "black", "cat"}},
      {example_source(), example_target()},
  };
  return pairs;
}

const SentencePair& sentence_pair(int index) {
  const auto& pairs = sentence_pairs();
  require(index >= 0 && index < static_cast<int>(pairs.size()),
          "sentence pair " + std::to_string(index) + " does not exist (0 or 1)");
  return pairs[static_cast<size_t>(index)];
}

}  // namespace attn
