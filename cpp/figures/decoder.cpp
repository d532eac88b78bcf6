// Figure `decoder` (end of the chapter · 工业界真的在跑的解码器的一步): the C++ of one attention
// decoder step (cpp/core/decoder_step.cpp, shown on the page) run live on 「我 昨天 看见 一只 猫」,
// greedy from <s>, with seeded (untrained) weights. With weights = 1 the page runs the trained
// RNNsearch of figure2 instead: its weights and its step (rnn_search_step) live in the second
// module, attn_figure2, loaded on demand (web/js/decoder/trained-trace.js), so this core only
// names the sentence and leaves the steps to it.
#include "core/decoder_example.hpp"
#include "core/greedy_decode.hpp"
#include "core/most_likely.hpp"
#include "figures/registry.hpp"

namespace attn {
namespace {

constexpr int kMaxSteps = 6;  // "I saw a cat yesterday </s>"
constexpr int kTop = 5;

Value numbers(const Eigen::VectorXd& v) { return Value(std::vector<double>(v.data(), v.data() + v.size())); }

// The k most probable words, most probable first (ties: lower vocabulary index first).
Value top_words(const Eigen::VectorXd& p, const std::vector<std::string>& vocab, int k) {
  Value::Array out;
  for (int i : most_likely(p, k)) out.push_back(Value::object().set("word", vocab[i]).set("p", p(i)));
  return Value(std::move(out));
}

Value step_value(const DecodedStep& s, const std::vector<std::string>& vocab) {
  Value v = Value::object();
  v.set("input", vocab[s.input]);
  v.set("scores", numbers(s.step.scores)).set("alpha", numbers(s.step.alpha));
  v.set("top", top_words(s.step.probs, vocab, kTop));
  v.set("chosen", vocab[s.chosen]);
  return v;
}

constexpr int kTrainedWeights = 1;

Value compute_decoder(const Params& p) {
  const int requested = as_int(p, "step");
  if (as_int(p, "weights") == kTrainedWeights) {
    Value data = Value::object();
    data.set("src", Value::strings(decoder_example(1).source)).set("steps", Value(Value::Array{}));
    data.set("stopped", false).set("trained", true).set("runs_in", "attn_figure2");
    return data;
  }
  const DecoderExample ex = decoder_example(static_cast<std::uint64_t>(as_int(p, "seed")));
  const auto steps = greedy_decode(ex.weights, ex.initial_state, ex.memories, ex.start, ex.end, requested);
  Value::Array step_values;
  for (const auto& s : steps) step_values.push_back(step_value(s, ex.vocab));
  Value data = Value::object();
  data.set("src", Value::strings(ex.source)).set("vocab", Value::strings(ex.vocab));
  data.set("steps", Value(std::move(step_values)));
  // The last step shown wrote </s>: decoding is over (steps may be fewer than asked for).
  data.set("stopped", !steps.empty() && steps.back().chosen == ex.end);
  data.set("trained", false);
  data.set("lines", Value::strings(decoder_step_lines()));
  data.set("embed", DecoderExample::kEmbed).set("hidden", DecoderExample::kHidden);
  return data;
}

}  // namespace

Figure make_decoder() {
  return Figure{
      "decoder",
      "工业界真的在跑的解码器的一步",
      {
          {"step", "解码步", 1, kMaxSteps, 1, 1, {}, "state"},
          {"seed", "随机种子", 1, 9999, 1, 1, {}, ""},
          {"weights", "权重", 0, 1, 1, 0, {"随机初始化（未训练）", "训练好的 RNNsearch（Figure 2）"}, ""},
      },
      compute_decoder,
  };
}

}  // namespace attn
