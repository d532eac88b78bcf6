#include "figure2/trained_decoder.hpp"

#include "core/checks.hpp"
#include "core/example.hpp"
#include "figures/decoder.hpp"
#include "nmt/rnn_search.hpp"

namespace attn {

Figure decoder_figure(const Figure2Run& run) {
  Figure figure = find_figure("decoder");
  for (ParamSpec& spec : figure.params) spec.computed_by.clear();  // this module computes every choice
  figure.compute = [&run, core = figure.compute](const Params& p) {
    if (as_int(p, "weights") != kDecoderTrainedWeights) return core(p);
    require(run.learned(), "decoder: this RNNsearch has neither been trained nor loaded its trained weights");
    const Figure2Run::DecodeTrace trace = run.decode_steps(example_source(), as_int(p, "step"));
    const std::vector<std::string>& vocab = run.corpus().target_vocab.words;
    Value::Array steps;
    for (const auto& s : trace.steps) steps.push_back(decoder_step_value(s.input, s.scores, s.alpha, s.probs, vocab, s.chosen));
    Value data = decoder_data(trace.source, std::move(steps), trace.stopped, true, rnn_search_step_lines());
    const Figure2Config& c = run.config();
    return data.set("embed", c.embedding).set("hidden", c.hidden);
  };
  return figure;
}

}  // namespace attn
