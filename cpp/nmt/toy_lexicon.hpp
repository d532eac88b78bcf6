#pragma once
// The toy corpus's lexicon: every word of the grammar (toy_corpus.cpp) with its translation,
// and the order in which the words enter the two vocabularies.
//   nouns carry their classifier (一只 猫, 一本 书) and whether they can be a subject;
//   verbs their past and base forms (买 → bought / will buy); time words whether they are future.

namespace attn {

struct Vocabulary;

namespace lexicon {

struct Noun { const char *zh, *en, *cls; bool animate; };
struct Pair { const char *zh, *en; };
struct Pronoun { const char *zh, *en, *poss; };
struct Verb { const char *zh, *past, *base; };
struct Time { const char *zh, *en; bool future; };

inline constexpr Noun kNouns[] = {
    {"猫", "cat", "只", true},      {"狗", "dog", "只", true},      {"鸟", "bird", "只", true},
    {"马", "horse", "匹", true},    {"老师", "teacher", "位", true}, {"学生", "student", "个", true},
    {"医生", "doctor", "位", true}, {"孩子", "child", "个", true},   {"农民", "farmer", "个", true},
    {"朋友", "friend", "个", true}, {"女孩", "girl", "个", true},    {"男孩", "boy", "个", true},
    {"鱼", "fish", "条", false},    {"书", "book", "本", false},    {"信", "letter", "封", false},
    {"车", "car", "辆", false},     {"球", "ball", "个", false},    {"梨", "pear", "个", false},
    {"花", "flower", "朵", false},  {"帽子", "hat", "顶", false},   {"桌子", "table", "张", false},
    {"房子", "house", "座", false}, {"杯子", "cup", "个", false},   {"船", "boat", "条", false}};
inline constexpr const char* kClassifiers[] = {"只", "匹", "位", "个", "条", "本", "封", "辆", "朵", "顶", "张", "座"};
inline constexpr Pair kDeterminers[] = {{"一", "a"}, {"这", "this"}, {"那", "that"}};  // + classifier
inline constexpr Pronoun kPronouns[] = {{"我", "I", "my"},    {"你", "you", "your"},  {"他", "he", "his"},
                                        {"她", "she", "her"}, {"我们", "we", "our"}, {"他们", "they", "their"}};
inline constexpr Pair kAdjectives[] = {{"大", "big"},   {"小", "small"}, {"高", "tall"},     {"新", "new"},
                                       {"红", "red"},   {"白", "white"}, {"黑", "black"},    {"漂亮", "pretty"},
                                       {"快乐", "happy"}, {"聪明", "clever"}};
inline constexpr Verb kVerbs[] = {{"看见", "saw", "see"},   {"喜欢", "liked", "like"}, {"买", "bought", "buy"},
                                  {"找到", "found", "find"}, {"画", "drew", "draw"},   {"带", "brought", "bring"},
                                  {"卖", "sold", "sell"},   {"洗", "washed", "wash"}, {"拿", "took", "take"},
                                  {"打开", "opened", "open"}, {"记得", "remembered", "remember"},
                                  {"遇到", "met", "meet"}};
inline constexpr Time kTimes[] = {{"昨天", "yesterday", false}, {"今天", "today", false},
                                  {"明天", "tomorrow", true},   {"上周", "last week", false},
                                  {"下周", "next week", true},  {"去年", "last year", false},
                                  {"明年", "next year", true}};
inline constexpr Pair kPlaces[] = {{"公园", "in the park"}, {"学校", "at school"},   {"家", "at home"},
                                   {"商店", "in the shop"}, {"河边", "by the river"}, {"城里", "in the city"}};
inline constexpr Pair kConnectors[] = {{"然后", "then"}, {"但是", "but"}, {"而且", "and"}, {"所以", "so"}};

template <class T, int N>
constexpr int count(const T (&)[N]) { return N; }

}  // namespace lexicon

// Adds every word of the lexicon to the vocabularies, source and target, in a fixed order.
void register_lexicon(Vocabulary& source, Vocabulary& target);

}  // namespace attn
