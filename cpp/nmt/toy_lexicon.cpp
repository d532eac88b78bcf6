#include "nmt/toy_lexicon.hpp"

#include <sstream>
#include <vector>

#include "nmt/toy_corpus.hpp"

namespace attn {

using namespace lexicon;

namespace {

// Both sides' words in order of appearance; an English entry may be several words ("last week").
struct WordLists {
  std::vector<std::string> zh, en;
  void add_zh(const std::string& w) { zh.push_back(w); }
  void add_en(const std::string& words) {
    std::istringstream in(words);
    for (std::string w; in >> w;) en.push_back(w);
  }
};

}  // namespace

// The order matters: it fixes every word's id, hence the corpus and the models' weights.
void register_lexicon(Vocabulary& zh, Vocabulary& en) {
  WordLists all;
  for (const auto& p : kPronouns) all.add_zh(p.zh), all.add_en(p.en), all.add_en(p.poss);
  for (const auto& d : kDeterminers) {
    all.add_en(d.en);
    for (const char* c : kClassifiers) all.add_zh(std::string(d.zh) + c);
  }
  all.add_en("the"), all.add_zh("的"), all.add_en("that"), all.add_en("will"), all.add_zh("在");
  all.add_zh("，"), all.add_en(",");
  for (const auto& a : kAdjectives) all.add_zh(a.zh), all.add_en(a.en);
  for (const auto& n : kNouns) all.add_zh(n.zh), all.add_en(n.en);
  for (const auto& v : kVerbs) all.add_zh(v.zh), all.add_en(v.past), all.add_en(v.base);
  for (const auto& t : kTimes) all.add_zh(t.zh), all.add_en(t.en);
  for (const auto& p : kPlaces) all.add_zh(p.zh), all.add_en(p.en);
  for (const auto& c : kConnectors) all.add_zh(c.zh), all.add_en(c.en);
  for (const auto& w : all.zh) zh.add(w);
  for (const auto& w : all.en) en.add(w);
}

}  // namespace attn
