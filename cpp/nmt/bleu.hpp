#pragma once
// Corpus BLEU-4 (Papineni et al., 2002), as Bahdanau et al. score translations by length:
//   BLEU = BP · exp(¼ Σ_{n=1..4} log p_n)
//   p_n = Σ clipped n-gram matches / Σ hypothesis n-grams   (counts summed over the corpus)
//   BP  = 1 if c > r, else exp(1 − r/c)   (c, r: total hypothesis and reference lengths)
// One reference per sentence, no smoothing: a corpus with no matching 4-gram scores 0.
#include <vector>

namespace attn {

using Tokens = std::vector<int>;

struct BleuScore {
  double bleu = 0;
  double precision[4] = {0, 0, 0, 0};  // p_1 … p_4
  double brevity_penalty = 0;
  long hyp_length = 0, ref_length = 0;
};

BleuScore corpus_bleu(const std::vector<Tokens>& hypotheses, const std::vector<Tokens>& references);

// The share of hypotheses equal to their reference, word for word.
double exact_match(const std::vector<Tokens>& hypotheses, const std::vector<Tokens>& references);

struct LengthBucket {
  int lo = 0, hi = 0;  // source lengths lo … hi inclusive
  int count = 0;
  double bleu = 0, exact = 0;
};

// Sentences grouped by source length into buckets [edges[k], edges[k+1] − 1]; BLEU and exact
// match per bucket (0 for an empty bucket, whose count says so).
std::vector<LengthBucket> bleu_by_length(const std::vector<Tokens>& hypotheses,
                                         const std::vector<Tokens>& references,
                                         const std::vector<int>& source_lengths,
                                         const std::vector<int>& edges);

}  // namespace attn
