#include "nmt/toy_corpus.hpp"

#include <set>
#include <sstream>

#include "core/checks.hpp"
#include "core/rng.hpp"
#include "nmt/toy_lexicon.hpp"

namespace attn {
namespace {

using namespace lexicon;

struct Phrase {
  std::vector<std::string> zh, en;
  void add_zh(const std::string& w) { zh.push_back(w); }
  void add_en(const std::string& words) {  // "in the park" → three tokens
    std::istringstream in(words);
    for (std::string w; in >> w;) en.push_back(w);
  }
  void add(const Phrase& p) {
    zh.insert(zh.end(), p.zh.begin(), p.zh.end());
    en.insert(en.end(), p.en.begin(), p.en.end());
  }
};

class Grammar {
 public:
  explicit Grammar(Rng& rng) : rng_(rng) {}

  Phrase sentence(int length) {
    Phrase s = clause();
    for (int misses = 0; misses < 3;) {
      const Phrase next = clause();
      if (static_cast<int>(s.zh.size() + 2 + next.zh.size()) > length) { ++misses; continue; }
      const Pair& c = kConnectors[pick(count(kConnectors))];
      s.add_zh("，"), s.add_zh(c.zh), s.add_en(","), s.add_en(c.en), s.add(next);
    }
    return s;
  }

 private:
  int pick(int n) { return static_cast<int>(rng_.next_u64() % static_cast<std::uint64_t>(n)); }
  bool chance(double p) { return rng_.uniform() < p; }

  // zh: [T] S [T] [在 P] V O   →   en: S [will] V O [P] [T]
  Phrase clause() {
    Phrase subject = chance(0.6) ? pronoun() : noun_phrase(true, false);
    const Time* time = chance(0.45) ? &kTimes[pick(count(kTimes))] : nullptr;
    const Pair* place = chance(0.35) ? &kPlaces[pick(count(kPlaces))] : nullptr;
    const Verb& verb = kVerbs[pick(count(kVerbs))];
    const Phrase object = noun_phrase(false, true);
    const bool time_first = time && chance(0.3);
    Phrase c;
    if (time_first) c.add_zh(time->zh);
    c.zh.insert(c.zh.end(), subject.zh.begin(), subject.zh.end());
    if (time && !time_first) c.add_zh(time->zh);
    if (place) c.add_zh("在"), c.add_zh(place->zh);
    c.add_zh(verb.zh);
    c.zh.insert(c.zh.end(), object.zh.begin(), object.zh.end());
    c.en = subject.en;
    if (time && time->future) c.add_en("will"), c.add_en(verb.base);
    else c.add_en(verb.past);  // no time word: past, as with 昨天
    c.en.insert(c.en.end(), object.en.begin(), object.en.end());
    if (place) c.add_en(place->en);
    if (time) c.add_en(time->en);
    return c;
  }

  Phrase pronoun() {
    const Pronoun& p = kPronouns[pick(count(kPronouns))];
    Phrase out;
    out.add_zh(p.zh), out.add_en(p.en);
    return out;
  }

  // zh: [det | P 的 | rel 的] adj* N   →   en: the|a|this|that|my adj* N [that rel]
  Phrase noun_phrase(bool animate, bool may_relate) {
    int n;
    do n = pick(count(kNouns)); while (animate && !kNouns[n].animate);
    const Noun& noun = kNouns[n];
    Phrase out;
    const double kind = rng_.uniform();
    Phrase relative;
    if (may_relate && kind < 0.2) {  // relative clause: bare noun, "the N that ..."
      relative = relative_clause();
      out.zh = relative.zh, out.add_zh("的"), out.add_en("the");
    } else if (kind < 0.4) {
      out.add_en("the");
    } else if (kind < 0.8) {
      const Pair& d = kDeterminers[pick(count(kDeterminers))];
      out.add_zh(std::string(d.zh) + noun.cls), out.add_en(d.en);
    } else {
      const Pronoun& p = kPronouns[pick(count(kPronouns))];
      out.add_zh(p.zh), out.add_zh("的"), out.add_en(p.poss);
    }
    const int n_adj = chance(0.45) ? (chance(0.25) ? 2 : 1) : 0;
    int first = -1;
    for (int k = 0; k < n_adj; ++k) {
      int a;
      do a = pick(count(kAdjectives)); while (a == first);
      first = a;
      out.add_zh(kAdjectives[a].zh), out.add_en(kAdjectives[a].en);
    }
    out.add_zh(noun.zh), out.add_en(noun.en);
    if (!relative.en.empty()) out.add_en("that"), out.en.insert(out.en.end(), relative.en.begin(), relative.en.end());
    return out;
  }

  // Object gap: 我 买 (的 书) → (the book) that I bought. Subject gap: 看见 猫 (的 孩子) → that saw the cat.
  Phrase relative_clause() {
    const Verb& verb = kVerbs[pick(count(kVerbs))];
    Phrase r;
    if (chance(0.5)) {
      const Phrase subject = chance(0.6) ? pronoun() : noun_phrase(true, false);
      r.add(subject), r.add_zh(verb.zh), r.add_en(verb.past);
    } else {
      const Phrase object = noun_phrase(false, false);
      r.add_zh(verb.zh), r.add_en(verb.past), r.add(object);
    }
    return r;
  }

  Rng& rng_;
};

std::vector<ToyPair> make_split(const ToyCorpusConfig& cfg, std::uint64_t label, int n,
                                const std::set<std::vector<int>>& exclude, ToyCorpus& corpus) {
  Rng rng(derive_seed(cfg.seed, label));
  Grammar grammar(rng);
  std::vector<ToyPair> out;
  while (static_cast<int>(out.size()) < n) {
    const int length = cfg.min_len + static_cast<int>(rng.next_u64() % (cfg.max_len - cfg.min_len + 1));
    const Phrase s = grammar.sentence(length);
    const int len = static_cast<int>(s.zh.size());
    if (len < cfg.min_len || len > cfg.max_len) continue;
    ToyPair pair;
    for (const auto& w : s.zh) pair.source.push_back(corpus.source_vocab.id(w));
    for (const auto& w : s.en) pair.target.push_back(corpus.target_vocab.id(w));
    if (exclude.count(pair.source)) continue;
    out.push_back(std::move(pair));
  }
  return out;
}

}  // namespace

int Vocabulary::add(const std::string& word) {
  const auto it = index.find(word);
  if (it != index.end()) return it->second;
  words.push_back(word);
  return index[word] = size() - 1;
}

int Vocabulary::id(const std::string& word) const {
  const auto it = index.find(word);
  require(it != index.end(), "vocabulary: unknown word '" + word + "'");
  return it->second;
}

ToyWords toy_sentence(Rng& rng, int length) {
  Grammar grammar(rng);
  const Phrase s = grammar.sentence(length);
  return {s.zh, s.en};
}

ToyCorpus make_toy_corpus(const ToyCorpusConfig& cfg) {
  require(cfg.min_len >= 3 && cfg.max_len >= cfg.min_len, "toy corpus: need 3 ≤ min_len ≤ max_len");
  require(cfg.n_train >= 0 && cfg.n_valid >= 0 && cfg.n_test >= 0, "toy corpus: negative split size");
  ToyCorpus c;
  c.target_vocab.add("<eos>"), c.target_vocab.add("<bos>");
  register_lexicon(c.source_vocab, c.target_vocab);
  c.train = make_split(cfg, 1, cfg.n_train, {}, c);
  std::set<std::vector<int>> seen;
  for (const auto& p : c.train) seen.insert(p.source);
  c.valid = make_split(cfg, 2, cfg.n_valid, seen, c);
  c.test = make_split(cfg, 3, cfg.n_test, seen, c);
  return c;
}

}  // namespace attn
