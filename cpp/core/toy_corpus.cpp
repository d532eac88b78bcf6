#include "core/toy_corpus.hpp"

#include <set>
#include <sstream>

#include "core/checks.hpp"
#include "core/rng.hpp"

namespace attn {
namespace {

struct Noun { const char *zh, *en, *cls; bool animate; };
struct Pair { const char *zh, *en; };
struct Pronoun { const char *zh, *en, *poss; };
struct Verb { const char *zh, *past, *base; };
struct Time { const char *zh, *en; bool future; };

const Noun kNouns[] = {
    {"猫", "cat", "只", true},      {"狗", "dog", "只", true},      {"鸟", "bird", "只", true},
    {"马", "horse", "匹", true},    {"老师", "teacher", "位", true}, {"学生", "student", "个", true},
    {"医生", "doctor", "位", true}, {"孩子", "child", "个", true},   {"农民", "farmer", "个", true},
    {"朋友", "friend", "个", true}, {"女孩", "girl", "个", true},    {"男孩", "boy", "个", true},
    {"鱼", "fish", "条", false},    {"书", "book", "本", false},    {"信", "letter", "封", false},
    {"车", "car", "辆", false},     {"球", "ball", "个", false},    {"梨", "pear", "个", false},
    {"花", "flower", "朵", false},  {"帽子", "hat", "顶", false},   {"桌子", "table", "张", false},
    {"房子", "house", "座", false}, {"杯子", "cup", "个", false},   {"船", "boat", "条", false}};
const char* const kClassifiers[] = {"只", "匹", "位", "个", "条", "本", "封", "辆", "朵", "顶", "张", "座"};
const Pair kDeterminers[] = {{"一", "a"}, {"这", "this"}, {"那", "that"}};  // + classifier
const Pronoun kPronouns[] = {{"我", "I", "my"},    {"你", "you", "your"},  {"他", "he", "his"},
                             {"她", "she", "her"}, {"我们", "we", "our"}, {"他们", "they", "their"}};
const Pair kAdjectives[] = {{"大", "big"},   {"小", "small"}, {"高", "tall"},     {"新", "new"},
                            {"红", "red"},   {"白", "white"}, {"黑", "black"},    {"漂亮", "pretty"},
                            {"快乐", "happy"}, {"聪明", "clever"}};
const Verb kVerbs[] = {{"看见", "saw", "see"},   {"喜欢", "liked", "like"}, {"买", "bought", "buy"},
                       {"找到", "found", "find"}, {"画", "drew", "draw"},   {"带", "brought", "bring"},
                       {"卖", "sold", "sell"},   {"洗", "washed", "wash"}, {"拿", "took", "take"},
                       {"打开", "opened", "open"}, {"记得", "remembered", "remember"},
                       {"遇到", "met", "meet"}};
const Time kTimes[] = {{"昨天", "yesterday", false}, {"今天", "today", false},
                       {"明天", "tomorrow", true},   {"上周", "last week", false},
                       {"下周", "next week", true},  {"去年", "last year", false},
                       {"明年", "next year", true}};
const Pair kPlaces[] = {{"公园", "in the park"}, {"学校", "at school"},   {"家", "at home"},
                        {"商店", "in the shop"}, {"河边", "by the river"}, {"城里", "in the city"}};
const Pair kConnectors[] = {{"然后", "then"}, {"但是", "but"}, {"而且", "and"}, {"所以", "so"}};

template <class T, int N>
constexpr int count(const T (&)[N]) { return N; }

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

void register_lexicon(Vocabulary& zh, Vocabulary& en) {
  Phrase all;
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

std::string Vocabulary::join(const std::vector<int>& ids) const {
  std::string out;
  for (int id : ids) {
    require(id >= 0 && id < size(), "vocabulary: id out of range");
    out += (out.empty() ? "" : " ") + words[id];
  }
  return out;
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
