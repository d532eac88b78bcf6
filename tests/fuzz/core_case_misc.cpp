// Fuzz cases for the decoder of §6 (decoder_example + greedy_decode, with out-of-vocabulary
// words and mismatched memories) and the small counting functions behind §5's figures.
#include "core/attention_cost.hpp"
#include "core/concepts.hpp"
#include "core/decoder_example.hpp"
#include "core/greedy_decode.hpp"
#include "core/scorer_ledger.hpp"
#include "core/signal_path.hpp"
#include "core_cases.hpp"
#include "fuzz_values.hpp"

namespace attn::fuzz {

CaseResult decoder_case(FuzzSource& src) {
  const std::uint64_t seed = src.choose(10000);
  const DecoderExample ex = decoder_example(seed);
  const int vocab = static_cast<int>(ex.vocab.size());
  const int start = static_cast<int>(src.choose(static_cast<unsigned>(vocab) + 4)) - 2;  // −2…V+1
  const int max_steps = static_cast<int>(src.choose(14)) - 1;
  Eigen::MatrixXd memories = ex.memories;
  if (src.choose(4) == 0) memories = matrix(src, dimension(src, 8), DecoderExample::kHidden + static_cast<int>(src.choose(3)) - 1);
  const std::string d = "greedy_decode(decoder_example(" + std::to_string(seed) + "), start " + std::to_string(start) +
                        ", max_steps " + std::to_string(max_steps) + ", memories " + describe(memories) + ")";
  const bool valid = max_steps >= 0 && (max_steps == 0 || (start >= 0 && start < vocab && memories.rows() >= 1 &&
                                                           memories.cols() == DecoderExample::kHidden && moderate(memories)));
  const Outcome outcome = guarded(d, valid, [&] {
    const auto steps = greedy_decode(ex.weights, ex.initial_state, memories, start, ex.end, max_steps);
    if (static_cast<int>(steps.size()) > max_steps) broken(d, "more steps than max_steps");
    if (!moderate(memories)) return;
    for (const auto& step : steps) {
      require_finite(d, Eigen::MatrixXd(step.step.probs), "p");
      require_finite(d, Eigen::MatrixXd(step.step.alpha), "α");
    }
  });
  return {"greedy_decode", outcome, d};
}

// Whole-number arguments around their valid ranges: −2…70.
CaseResult small_functions_case(FuzzSource& src) {
  const int a = static_cast<int>(src.choose(73)) - 2, b = static_cast<int>(src.choose(73)) - 2;
  const int c = static_cast<int>(src.choose(73)) - 2;
  const int which = static_cast<int>(src.choose(5));
  const char* names[] = {"attention_cost", "rnn_path/attention_path", "ledgers", "sentence_pair", "concept_vector"};
  const std::string word = src.choose(2) ? "猫" : std::string(src.choose(2) ? "dog" : "");
  const std::string d = std::string(names[which]) + "(" + std::to_string(a) + ", " + std::to_string(b) + ", " +
                        std::to_string(c) + ", \"" + word + "\")";
  const bool valid[] = {a >= 1 && b >= 1, a >= 1 && b >= 1 && b <= a && c >= 1, a >= 1, a == 0 || a == 1, word == "猫"};
  const Outcome outcome = guarded(d, valid[which], [&] {
    switch (which) {
      case 0: {
        const AttentionCost cost = attention_cost(a, b);
        if (cost.comparisons != static_cast<long long>(a) * b) broken(d, "comparisons ≠ m·n");
        break;
      }
      case 1:
        if (rnn_path(a, b, c).hops() != a - b + 1 + c || attention_path(a, b, c).hops() != 1)
          broken(d, "hop count");
        break;
      case 2:
        if (additive_ledger(a).total != 2LL * a * a + a || general_ledger(a).total != 1LL * a * a ||
            dot_ledger(a).total != 0)
          broken(d, "ledger totals");
        break;
      case 3: (void)sentence_pair(a); break;
      default: (void)concept_vector(word);
    }
  });
  return {names[which], outcome, d};
}

}  // namespace attn::fuzz
