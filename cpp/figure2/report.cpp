#include "figure2/report.hpp"

#include <algorithm>
#include <chrono>

#include "core/checks.hpp"
#include "core/example.hpp"
#include "figures/eigen_value.hpp"

namespace attn {

Value figure2_config_value(const Figure2Config& c) {
  Value corpus = Value::object();
  corpus.set("seed", static_cast<double>(c.corpus.seed))
      .set("n_train", c.corpus.n_train).set("n_valid", c.corpus.n_valid).set("n_test", c.corpus.n_test)
      .set("min_len", c.corpus.min_len).set("max_len", c.corpus.max_len);
  Value train = Value::object();
  train.set("steps", c.train.steps).set("batch", c.train.batch).set("lr", c.train.lr)
      .set("clip", c.train.clip).set("seed", static_cast<double>(c.train.seed));
  Value out = Value::object();
  out.set("corpus", std::move(corpus))
      .set("embedding", c.embedding).set("hidden", c.hidden).set("attention", c.attention)
      .set("train", std::move(train))
      .set("init_seed", static_cast<double>(c.init_seed))
      .set("bucket_edges", numbers(c.bucket_edges))
      .set("checkpoint_every", c.checkpoint_every);
  return out;
}

Value figure2_evaluation_value(int step, const Evaluation& e) {
  Value::Array buckets;
  for (const auto& b : e.buckets) {
    Value v = Value::object();
    v.set("lo", b.lo).set("hi", b.hi).set("count", b.count).set("bleu", b.bleu).set("exact", b.exact);
    buckets.push_back(std::move(v));
  }
  Value out = Value::object();
  out.set("step", step).set("bleu", e.overall.bleu).set("exact", e.exact).set("buckets", std::move(buckets));
  return out;
}

Value figure2_alignment_value(const Figure2Run::Alignment& a) {
  Value out = Value::object();
  out.set("source", Value::strings(a.source)).set("output", Value::strings(a.output)).set("weights", matrix_value(a.weights));
  return out;
}

Value figure2_loss_curve_value(const std::vector<double>& losses, int max_points) {
  require(max_points >= 1, "figure2: the loss curve needs at least one point");
  const std::size_t n = losses.size();
  const std::size_t window = std::max<std::size_t>(1, (n + max_points - 1) / max_points);
  Value::Numbers steps, means;
  for (std::size_t from = 0; from < n; from += window) {
    const std::size_t to = std::min(n, from + window);
    double sum = 0;
    for (std::size_t k = from; k < to; ++k) sum += losses[k];
    steps.push_back(static_cast<double>(to));
    means.push_back(sum / static_cast<double>(to - from));
  }
  Value out = Value::object();
  out.set("steps", std::move(steps)).set("loss", std::move(means));
  return out;
}

Figure2Report train_figure2_with_checkpoints(Figure2Run& run, const std::function<void(const Value&)>& progress) {
  using Clock = std::chrono::steady_clock;
  const Figure2Config& c = run.config();
  const int every = c.checkpoint_every > 0 ? c.checkpoint_every : c.train.steps;
  Figure2Report report;
  do {
    const auto t0 = Clock::now();
    const std::vector<double> slice = run.train(std::max(1, every));
    const auto t1 = Clock::now();
    report.losses.insert(report.losses.end(), slice.begin(), slice.end());
    report.checkpoints.push_back(figure2_evaluation_value(run.steps_done(), run.evaluate()));
    report.train_seconds += std::chrono::duration<double>(t1 - t0).count();
    report.eval_seconds += std::chrono::duration<double>(Clock::now() - t1).count();
    if (progress) progress(report.checkpoints.back());
  } while (run.steps_done() < c.train.steps);
  const auto t2 = Clock::now();
  run.load_weights(run.save_weights());
  report.final = figure2_evaluation_value(run.steps_done(), run.evaluate());
  report.eval_seconds += std::chrono::duration<double>(Clock::now() - t2).count();
  return report;
}

Value figure2_report_value(const Figure2Run& run, const Figure2Report& report) {
  require(report.final.is_object(), "figure2: a report needs the final evaluation");
  Value out = Value::object();
  out.set("model", figure2_model_name(run.model()))
      .set("config", figure2_config_value(run.config()))
      .set("parameters", static_cast<double>(run.parameter_count()))
      .set("steps", run.steps_done())
      .set("train_seconds", report.train_seconds)
      .set("eval_seconds", report.eval_seconds)
      .set("loss_curve", figure2_loss_curve_value(report.losses, 200))
      .set("checkpoints", Value::Array(report.checkpoints))
      .set("final", report.final);
  if (run.model() == Figure2Model::RnnSearch)
    out.set("alignment", figure2_alignment_value(run.align(example_source())));
  return out;
}

}  // namespace attn
