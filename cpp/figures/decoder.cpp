// Figure `decoder` with the chapter's decoder (weights = 0): the C++ of one attention decoder step
// (cpp/core/decoder_step.cpp, shown on the page) run live on the example sentence, greedy from
// <s>, with seeded (untrained) weights. weights = 1 is computed by the attn_figure2 module
// (figures/decoder.hpp says why).
#include "figures/decoder.hpp"

#include "core/decoder_example.hpp"
#include "core/greedy_decode.hpp"
#include "core/most_likely.hpp"
#include "figures/eigen_value.hpp"
#include "figures/registry.hpp"

namespace attn {

Value decoder_step_value(const std::string& input, const Eigen::VectorXd& scores, const Eigen::VectorXd& alpha,
                         const Eigen::VectorXd& probs, const std::vector<std::string>& vocab, const std::string& chosen) {
  constexpr int kTop = 5;
  Value::Array top;  // ties: the lower vocabulary index first, as the greedy choice
  for (int i : most_likely(probs, kTop)) top.push_back(Value::object().set("word", vocab.at(i)).set("p", probs(i)));
  Value v = Value::object();
  v.set("input", input).set("scores", numbers(scores)).set("alpha", numbers(alpha));
  return v.set("top", Value(std::move(top))).set("chosen", chosen);
}

Value decoder_data(const std::vector<std::string>& source, Value::Array steps, bool stopped, bool trained,
                   const std::vector<std::string>& lines) {
  Value data = Value::object();
  data.set("src", Value::strings(source)).set("steps", Value(std::move(steps)));
  data.set("stopped", stopped).set("trained", trained).set("lines", Value::strings(lines));
  return data;
}

namespace {

constexpr int kMaxSteps = 6;  // "I saw a cat yesterday </s>"

Value compute_decoder(const Params& p) {
  // weights = kDecoderTrainedWeights never reaches here: the spec says another module computes it.
  const DecoderExample ex = decoder_example(static_cast<std::uint64_t>(as_int(p, "seed")));
  const auto steps = greedy_decode(ex.weights, ex.initial_state, ex.memories, ex.start, ex.end, as_int(p, "step"));
  Value::Array step_values;
  for (const auto& s : steps)
    step_values.push_back(decoder_step_value(ex.vocab[s.input], s.step.scores, s.step.alpha, s.step.probs, ex.vocab,
                                             ex.vocab[s.chosen]));
  // The last step shown wrote </s>: decoding is over (steps may be fewer than asked for).
  const bool stopped = !steps.empty() && steps.back().chosen == ex.end;
  Value data = decoder_data(ex.source, std::move(step_values), stopped, false, decoder_step_lines());
  data.set("vocab", Value::strings(ex.vocab));
  return data.set("embed", DecoderExample::kEmbed).set("hidden", DecoderExample::kHidden);
}

}  // namespace

Figure make_decoder() {
  return Figure{
      "decoder",
      "工业界真的在跑的解码器的一步",
      {
          {"step", "解码步", 1, kMaxSteps, 1, 1, {}, "state"},
          {"seed", "随机种子", 1, 9999, 1, 1, {}, ""},
          {"weights", "权重", 0, 1, 1, 0, {"随机初始化（未训练）", "训练好的 RNNsearch（Figure 2）"}, "", {},
           {{kDecoderTrainedWeights, "attn_figure2"}}},
      },
      compute_decoder,
  };
}

}  // namespace attn
