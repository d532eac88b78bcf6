#pragma once
// A seeded toy translation corpus for Bahdanau's Figure 2: Chinese-like source sentences and
// English-like targets from one small grammar, with real reordering between the two sides.
//   clause  zh: [T] S [T] [在 P] V O          en: S [will] V O [P] [T]
//   e.g.    我 昨天 看见 一只 猫              → i saw a cat yesterday
// The time word T moves to the end and decides the tense (昨天 → saw, 明天 → will see);
// a place phrase moves behind the object; a relative clause moves behind its noun
// (我 买 的 书 → the book that i bought); clauses join with ， 然后 / 但是 / 而且 / 所以.
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace attn {

class Rng;

struct Vocabulary {
  std::vector<std::string> words;
  std::unordered_map<std::string, int> index;

  int add(const std::string& word);     // the word's id, adding it if new
  int id(const std::string& word) const;  // InvalidInput for a word not in the vocabulary
  int size() const { return static_cast<int>(words.size()); }
};

// Target ids 0 and 1 are reserved: the decoder ends with <eos> and starts from <bos>.
constexpr int kEos = 0;
constexpr int kBos = 1;

struct ToyPair {
  std::vector<int> source;  // source ids, no end marker
  std::vector<int> target;  // target ids, without the final <eos>
};

struct ToyWords {
  std::vector<std::string> source, target;
};

struct ToyCorpusConfig {
  std::uint64_t seed = 1;
  int n_train = 4000, n_valid = 200, n_test = 600;
  int min_len = 3, max_len = 50;  // source lengths, in tokens (drawn about uniformly between)
};

struct ToyCorpus {
  Vocabulary source_vocab, target_vocab;  // the whole lexicon, in a fixed order
  std::vector<ToyPair> train, valid, test;
};

// One sentence pair whose source length is near `length` (never below 3): clauses are added
// while another one fits.
ToyWords toy_sentence(Rng& rng, int length);

// Every split comes from its own stream derived from the seed, so changing n_test never changes
// the training set. Validation and test sentences never repeat a training source.
ToyCorpus make_toy_corpus(const ToyCorpusConfig& config);

}  // namespace attn
