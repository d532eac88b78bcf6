#include "nmt/bleu.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "core/checks.hpp"

namespace attn {
namespace {

using NgramCounts = std::map<Tokens, int>;

NgramCounts ngrams(const Tokens& s, int n) {
  NgramCounts counts;
  for (std::size_t i = 0; i + n <= s.size(); ++i) ++counts[Tokens(s.begin() + i, s.begin() + i + n)];
  return counts;
}

void require_same_size(const std::vector<Tokens>& h, const std::vector<Tokens>& r) {
  require(h.size() == r.size(), "bleu: as many hypotheses as references needed");
}

}  // namespace

BleuScore corpus_bleu(const std::vector<Tokens>& hyps, const std::vector<Tokens>& refs) {
  require_same_size(hyps, refs);
  BleuScore out;
  long matched[4] = {0, 0, 0, 0}, total[4] = {0, 0, 0, 0};
  for (std::size_t k = 0; k < hyps.size(); ++k) {
    out.hyp_length += static_cast<long>(hyps[k].size());
    out.ref_length += static_cast<long>(refs[k].size());
    for (int n = 1; n <= 4; ++n) {
      const NgramCounts h = ngrams(hyps[k], n), r = ngrams(refs[k], n);
      for (const auto& [gram, c] : h) {
        const auto it = r.find(gram);
        matched[n - 1] += std::min(c, it == r.end() ? 0 : it->second);  // clipped by the reference
        total[n - 1] += c;
      }
    }
  }
  double log_sum = 0;
  bool zero = false;
  for (int n = 0; n < 4; ++n) {
    out.precision[n] = total[n] ? static_cast<double>(matched[n]) / total[n] : 0.0;
    if (out.precision[n] == 0) zero = true;  // log 0: the geometric mean is 0
    else log_sum += std::log(out.precision[n]);
  }
  if (out.hyp_length == 0) return out;  // nothing written: BLEU 0 (and no 0/0 in BP)
  out.brevity_penalty =
      out.hyp_length > out.ref_length ? 1.0 : std::exp(1.0 - static_cast<double>(out.ref_length) / out.hyp_length);
  out.bleu = zero ? 0.0 : out.brevity_penalty * std::exp(log_sum / 4.0);
  return out;
}

double exact_match(const std::vector<Tokens>& hyps, const std::vector<Tokens>& refs) {
  require_same_size(hyps, refs);
  if (hyps.empty()) return 0.0;
  long same = 0;
  for (std::size_t k = 0; k < hyps.size(); ++k) same += hyps[k] == refs[k];
  return static_cast<double>(same) / static_cast<double>(hyps.size());
}

std::vector<LengthBucket> bleu_by_length(const std::vector<Tokens>& hyps, const std::vector<Tokens>& refs,
                                         const std::vector<int>& lengths, const std::vector<int>& edges) {
  require_same_size(hyps, refs);
  require(lengths.size() == hyps.size(), "bleu_by_length: one source length per hypothesis needed");
  require(edges.size() >= 2 && std::is_sorted(edges.begin(), edges.end()) &&
              std::adjacent_find(edges.begin(), edges.end()) == edges.end(),
          "bleu_by_length: edges must be at least two increasing numbers");
  std::vector<LengthBucket> out;
  for (std::size_t b = 0; b + 1 < edges.size(); ++b) {
    LengthBucket bucket;
    bucket.lo = edges[b], bucket.hi = edges[b + 1] - 1;
    std::vector<Tokens> h, r;
    for (std::size_t k = 0; k < hyps.size(); ++k)
      if (lengths[k] >= bucket.lo && lengths[k] <= bucket.hi) h.push_back(hyps[k]), r.push_back(refs[k]);
    bucket.count = static_cast<int>(h.size());
    if (!h.empty()) bucket.bleu = corpus_bleu(h, r).bleu, bucket.exact = exact_match(h, r);
    out.push_back(bucket);
  }
  return out;
}

}  // namespace attn
