// Bahdanau's Figure 2 for the page: one Seq2Seq model (RNNenc or RNNsearch) with the chapter's
// default config, trained in slices by a Web Worker, evaluated, and loaded from / saved to the
// weight file the build writes. Every method runs under guarded(): a core error is a JS Error.
// Built into a module of its own, attn_figure2.mjs (see CMakeLists.txt): the page's cold load
// carries none of this; web/js/figure2/load-core.js loads it when figure2 needs it.
//
//   const core = await createAttnFigure2();            // attn_figure2.mjs's default export
//   const t = new core.Figure2Trainer('rnnsearch');   // 'rnnenc' | 'rnnsearch'; builds the corpus
//   t.train(50)            → Float64Array of each step's loss (≤ 50; never past stepsTotal)
//   t.stepsDone, t.stepsTotal, t.parameterCount
//   t.config()             → {model, steps, batch, lr, clip, checkpointEvery, bucketEdges, …}
//   t.evaluate()           → {overall, exact, count, buckets: [{lo, hi, count, bleu, exact}]}
//   t.align(['我', …])     → {source, output, weights: [Float64Array per word written, then the end step]} (rnnsearch)
//   t.decodeSteps(['我', …]) → {src, steps: [{input, alpha, top: [{word, p}], chosen}], stopped, trained} (rnnsearch):
//                           the decoder figure's data, one entry per rnn_search_step run
//   t.translate(['我', …]) → ['I', 'saw', …]
//   t.loadWeights(bytes)   (a Uint8Array or ArrayBuffer holding an ATTNW001 weight file)
//   t.saveWeights()        → Uint8Array (a copy)
//   t.delete()             frees the model: embind handles are not garbage-collected.
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "core/checks.hpp"
#include "figure2/run.hpp"
#include "figure2/weight_file.hpp"
#include "wasm/common/convert.hpp"

namespace attn::wasm {
namespace {

// A slice larger than this is surely a mistake: a worker trains tens of steps at a time.
constexpr double kMaxSlice = 1e6;
// The decoder figure lists this many of the most likely next words.
constexpr int kTopWords = 5;

std::string string_from_js(const val& v, const char* what) {
  require(v.isString(), std::string(what) + " must be a string");
  return v.as<std::string>();
}

// A JS array of strings → words. Anything else (a string, numbers, holes) is rejected by name.
std::vector<std::string> words_from_js(const val& array) {
  require(val::global("Array").call<bool>("isArray", array), "the source must be an array of words");
  const int n = array["length"].as<int>();
  require(n <= 1000, "the source sentence is longer than 1000 words");
  std::vector<std::string> words;
  for (int i = 0; i < n; ++i) words.push_back(string_from_js(array[i], "every source word"));
  return words;
}

val strings_to_js(const std::vector<std::string>& words) {
  val out = val::array();
  for (const auto& w : words) out.call<void>("push", val(w));
  return out;
}

// A Uint8Array or ArrayBuffer → its bytes (copied out of JS memory).
std::vector<unsigned char> bytes_from_js(const val& data) {
  require(!data.isUndefined() && !data.isNull(), "the weight file is missing");
  const bool buffer = data.instanceof(val::global("ArrayBuffer"));
  require(buffer || data.instanceof(val::global("Uint8Array")), "the weight file must be a Uint8Array or an ArrayBuffer");
  const val bytes = buffer ? val::global("Uint8Array").new_(data) : data;
  return emscripten::convertJSArrayToNumberVector<unsigned char>(bytes);
}

val evaluation_to_js(const Evaluation& e) {
  val buckets = val::array();
  for (const auto& b : e.buckets) {
    val bucket = val::object();
    bucket.set("lo", b.lo);
    bucket.set("hi", b.hi);
    bucket.set("count", b.count);
    bucket.set("bleu", b.bleu);
    bucket.set("exact", b.exact);
    buckets.call<void>("push", bucket);
  }
  val out = val::object();
  out.set("overall", e.overall.bleu);
  out.set("exact", e.exact);
  out.set("count", static_cast<double>(e.hypotheses.size()));
  out.set("buckets", buckets);
  return out;
}

}  // namespace

class Figure2Trainer {
 public:
  explicit Figure2Trainer(Figure2Model model) : run_(model, figure2_default_config()) {}

  val train(const val& steps) {
    return guarded([&] {
      require(steps.isNumber(), "train(steps): steps must be a number");
      const double n = steps.as<double>();
      require(std::isfinite(n) && n == std::floor(n) && n >= 0 && n <= kMaxSlice,
              "train(steps): steps must be a whole number in [0, 1000000]");
      return float64_array(run_.train(static_cast<int>(n)));
    });
  }

  int steps_done() const { return run_.steps_done(); }
  int steps_total() const { return run_.config().train.steps; }
  double parameter_count() const { return static_cast<double>(run_.parameter_count()); }

  val config() const {
    return guarded([&] {
      const Figure2Config& c = run_.config();
      val edges = val::array();
      for (int e : c.bucket_edges) edges.call<void>("push", e);
      val out = val::object();
      out.set("model", val(figure2_model_name(run_.model())));
      out.set("steps", c.train.steps);
      out.set("batch", c.train.batch);
      out.set("lr", c.train.lr);
      out.set("clip", c.train.clip);
      out.set("checkpointEvery", c.checkpoint_every);
      out.set("bucketEdges", edges);
      out.set("embedding", c.embedding);
      out.set("hidden", c.hidden);
      out.set("attention", c.attention);
      out.set("nTrain", c.corpus.n_train);
      out.set("nValid", c.corpus.n_valid);
      out.set("nTest", c.corpus.n_test);
      out.set("minLen", c.corpus.min_len);
      out.set("maxLen", c.corpus.max_len);
      out.set("sourceVocabulary", run_.corpus().source_vocab.size());
      out.set("targetVocabulary", run_.corpus().target_vocab.size());
      out.set("parameters", parameter_count());
      return out;
    });
  }

  val evaluate() const {
    return guarded([&] { return evaluation_to_js(run_.evaluate()); });
  }

  val align(const val& words) const {
    return guarded([&] {
      const Figure2Run::Alignment a = run_.align(words_from_js(words));
      val rows = val::array();
      for (Eigen::Index i = 0; i < a.weights.rows(); ++i)
        rows.call<void>("push", float64_array(Eigen::MatrixXd(a.weights.row(i))));
      val out = val::object();
      out.set("source", strings_to_js(a.source));
      out.set("output", strings_to_js(a.output));
      out.set("weights", rows);
      return out;
    });
  }

  // The shape of the decoder figure's data (core.figure('decoder', …).data), so one view draws both.
  val decode_steps(const val& words) const {
    return guarded([&] {
      const Figure2Run::DecodeTrace trace = run_.decode_steps(words_from_js(words), kTopWords);
      val steps = val::array();
      for (const auto& d : trace.steps) {
        val top = val::array();
        for (const auto& [word, p] : d.top) {
          val entry = val::object();
          entry.set("word", word);
          entry.set("p", p);
          top.call<void>("push", entry);
        }
        val step = val::object();
        step.set("input", d.input);
        step.set("alpha", float64_array(Eigen::MatrixXd(d.alpha)));
        step.set("top", top);
        step.set("chosen", d.chosen);
        steps.call<void>("push", step);
      }
      val out = val::object();
      out.set("src", strings_to_js(trace.source));
      out.set("steps", steps);
      out.set("stopped", trace.stopped);
      out.set("trained", run_.steps_done() > 0 || loaded_);
      return out;
    });
  }

  val translate(const val& words) const {
    return guarded([&] { return strings_to_js(run_.translate(words_from_js(words))); });
  }

  val load_weights(const val& data) {
    return guarded([&] {
      run_.load_weights(decode_weight_file(bytes_from_js(data)));
      loaded_ = true;
      return val::undefined();
    });
  }

  val save_weights() const {
    return guarded([&] {
      const std::vector<unsigned char> bytes = encode_weight_file(run_.save_weights());
      return val::global("Uint8Array").new_(emscripten::typed_memory_view(bytes.size(), bytes.data()));
    });
  }

 private:
  Figure2Run run_;
  bool loaded_ = false;  // weights came from a file (the build's trained ones, or a saved run)
};

namespace {

// The constructor builds the corpus and the model; an unknown name becomes a JS Error, thrown
// once the C++ exception is gone (as guarded() does).
Figure2Trainer* make_figure2_trainer(const val& name) {
  char message[512];
  try {
    return new Figure2Trainer(figure2_model_from_name(string_from_js(name, "the model name")));
  } catch (const std::exception& e) {
    std::snprintf(message, sizeof message, "%s", e.what());
  } catch (...) {
    std::snprintf(message, sizeof message, "%s", "unknown error in the core");
  }
  throw_js_error(message);
}

}  // namespace
}  // namespace attn::wasm

EMSCRIPTEN_BINDINGS(attn_figure2) {
  using attn::wasm::Figure2Trainer;
  emscripten::class_<Figure2Trainer>("Figure2Trainer")
      .constructor(&attn::wasm::make_figure2_trainer)
      .function("train", &Figure2Trainer::train)
      .property("stepsDone", &Figure2Trainer::steps_done)
      .property("stepsTotal", &Figure2Trainer::steps_total)
      .property("parameterCount", &Figure2Trainer::parameter_count)
      .function("config", &Figure2Trainer::config)
      .function("evaluate", &Figure2Trainer::evaluate)
      .function("align", &Figure2Trainer::align)
      .function("decodeSteps", &Figure2Trainer::decode_steps)
      .function("translate", &Figure2Trainer::translate)
      .function("loadWeights", &Figure2Trainer::load_weights)
      .function("saveWeights", &Figure2Trainer::save_weights);
}
