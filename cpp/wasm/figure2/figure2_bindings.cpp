// Bahdanau's Figure 2 for the page: one Seq2Seq model (RNNenc or RNNsearch) with the chapter's
// default config, trained in slices by a Web Worker, evaluated, loaded from / saved to the weight
// file the build writes; and, with the build's trained RNNsearch loaded, the `decoder` figure's
// trained weights. Every method runs under guarded() (a core error is a JS Error); every object
// it returns is Value → to_js, with the keys the core's reports use (snake_case).
// Built into a module of its own, attn_figure2.mjs (see CMakeLists.txt): the page's cold load
// carries none of this; web/js/figure2/load-core.js loads it when a figure needs it.
//
//   const core = await createAttnFigure2();            // attn_figure2.mjs's default export
//   core.exampleSource()   → ['我', '昨天', '看见', '一只', '猫'], the chapter's example
//   const t = new core.Figure2Trainer('rnnsearch');   // 'rnnenc' | 'rnnsearch'; builds the corpus
//   t.train(50)            → Float64Array of each step's loss (≤ 50; never past stepsTotal)
//   t.stepsDone, t.stepsTotal, t.parameterCount
//   t.config()             → {corpus: {seed, n_train, …}, embedding, hidden, attention, train: {steps, …},
//                             init_seed, bucket_edges, checkpoint_every}: the report's `config`
//   t.evaluate()           → {step, bleu, exact, buckets: [{lo, hi, count, bleu, exact}]}
//   t.align(words)         → {source, output, weights: {rows, cols, data}} (rnnsearch): one row per
//                            word written, then the end step
//   t.decoderFigure(params) → {id: 'decoder', params, data}: the decoder figure, weights = 1 run by
//                            this RNNsearch (cpp/figure2/trained_decoder.hpp)
//   t.translate(words)     → ['I', 'saw', …]
//   t.loadWeights(bytes)   (a Uint8Array or ArrayBuffer holding an ATTNW001 weight file)
//   t.saveWeights()        → Uint8Array (a copy)
//   t.delete()             frees the model: embind handles are not garbage-collected.
#include <memory>
#include <string>
#include <vector>

#include "core/checks.hpp"
#include "core/example.hpp"
#include "figure2/report.hpp"
#include "figure2/run.hpp"
#include "figure2/trained_decoder.hpp"
#include "figure2/weight_file.hpp"
#include "figures/eigen_value.hpp"
#include "wasm/common/convert.hpp"

namespace attn::wasm {
namespace {

// A slice larger than this is surely a mistake: a worker trains tens of steps at a time.
constexpr double kMaxSlice = 1e6;
constexpr int kMaxWords = 1000;
constexpr double kMaxWeightFileBytes = 64 << 20;  // the trained files are a few MB

std::vector<std::string> source_from_js(const val& words) { return words_from_js(words, "the source", kMaxWords); }

}  // namespace

class Figure2Trainer {
 public:
  explicit Figure2Trainer(Figure2Model model) : run_(model, figure2_default_config()), decoder_(attn::decoder_figure(run_)) {}
  Figure2Trainer(const Figure2Trainer&) = delete;  // decoder_ refers to this object's run_
  Figure2Trainer& operator=(const Figure2Trainer&) = delete;

  val train(const val& steps) {
    return guarded([&] { return to_js(Value(run_.train(whole_from_js(steps, "train(steps): steps", 0, kMaxSlice)))); });
  }

  int steps_done() const { return run_.steps_done(); }
  int steps_total() const { return run_.config().train.steps; }
  double parameter_count() const { return static_cast<double>(run_.parameter_count()); }

  val config() const {
    return guarded([&] { return to_js(figure2_config_value(run_.config())); });
  }

  val evaluate() const {
    return guarded([&] { return to_js(figure2_evaluation_value(run_.steps_done(), run_.evaluate())); });
  }

  val align(const val& words) const {
    return guarded([&] { return to_js(figure2_alignment_value(run_.align(source_from_js(words)))); });
  }

  val decoder_figure(const val& params) const {
    return guarded([&] { return to_js(compute_figure(decoder_, params_from_js(params))); });
  }

  val translate(const val& words) const {
    return guarded([&] { return to_js(Value::strings(run_.translate(source_from_js(words)))); });
  }

  val load_weights(const val& data) {
    return guarded([&] {
      run_.load_weights(decode_weight_file(bytes_from_js(data, "loadWeights: the weight file", kMaxWeightFileBytes)));
      return val::undefined();
    });
  }

  val save_weights() const {
    return guarded([&] { return uint8_array(encode_weight_file(run_.save_weights())); });
  }

 private:
  Figure2Run run_;
  Figure decoder_;  // reads run_
};

namespace {

// The constructor builds the corpus and the model. Like every binding it returns, never throws:
// the new trainer (a unique_ptr handed to JS, which owns it until .delete()) or an Error value,
// which boundary.post.js's wrapped constructor throws.
val make_figure2_trainer(const val& name) {
  return guarded([&] {
    const Figure2Model model = figure2_model_from_name(string_from_js(name, "Figure2Trainer: the model name"));
    return val(std::make_unique<Figure2Trainer>(model));
  });
}

val example_source_js() {
  return guarded([] { return to_js(Value::strings(example_source())); });
}

}  // namespace
}  // namespace attn::wasm

EMSCRIPTEN_BINDINGS(attn_figure2) {
  using attn::wasm::Figure2Trainer;
  emscripten::function("exampleSource", &attn::wasm::example_source_js);
  emscripten::class_<Figure2Trainer>("Figure2Trainer")
      .constructor(&attn::wasm::make_figure2_trainer)
      .function("train", &Figure2Trainer::train)
      .property("stepsDone", &Figure2Trainer::steps_done)
      .property("stepsTotal", &Figure2Trainer::steps_total)
      .property("parameterCount", &Figure2Trainer::parameter_count)
      .function("config", &Figure2Trainer::config)
      .function("evaluate", &Figure2Trainer::evaluate)
      .function("align", &Figure2Trainer::align)
      .function("decoderFigure", &Figure2Trainer::decoder_figure)
      .function("translate", &Figure2Trainer::translate)
      .function("loadWeights", &Figure2Trainer::load_weights)
      .function("saveWeights", &Figure2Trainer::save_weights);
}
