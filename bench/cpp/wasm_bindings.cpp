// The WASM side of the benchmark: the same workloads and timer as attn_bench (native_main.cpp),
// plus their inputs as plain arrays so TensorFlow.js can compute the same numbers.
//   timeWorkload(name, size, reps, batch) → Float64Array of per-call ms
//   encoderInput(n) → {W, words}          (row-major 16×16, n×16)
//   encoderResult(n) → {context, norms, jacobians}
//   sqrtDDraws(d) → {s, keys}             (trials×d, (trials·keys)×d)   sqrtDResult(d) → {…}
//   fitInput(pair) → {S, H, target, W1, W2, v, learningRate, steps}     fitResult(pair) → {…}
//   trainResult(model) → {losses (the first steps), tokensPerStep, budgetSteps}
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "train_workload.hpp"
#include "workloads.hpp"

namespace {

using emscripten::val;
using namespace attn::bench;

val f64(const std::vector<double>& xs) {  // a copy: a view would go stale when memory grows
  return val::global("Float64Array").new_(emscripten::typed_memory_view(xs.size(), xs.data()));
}

val f64(const Eigen::MatrixXd& m) {  // row-major
  std::vector<double> xs;
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    for (Eigen::Index j = 0; j < m.cols(); ++j) xs.push_back(m(i, j));
  return f64(xs);
}

val time_js(const std::string& name, int size, int reps, int batch) {
  return f64(time_workload(name, size, reps, batch));
}

val encoder_input_js(int n) {
  const EncoderInput in = encoder_input(n);
  val out = val::object();
  out.set("W", f64(in.W));
  out.set("words", f64(in.words));
  return out;
}

val encoder_result_js(int n) {
  const EncoderOutput o = encoder_workload(encoder_input(n));
  val out = val::object();
  out.set("context", f64(o.context));
  out.set("norms", f64(o.norms));
  out.set("jacobians", f64(o.jacobians));
  return out;
}

val sqrt_d_draws_js(int d) {
  const SqrtDDraws draws = sqrt_d_draws(d);
  val out = val::object();
  out.set("s", f64(draws.s_all));
  out.set("keys", f64(draws.keys_all));
  out.set("trials", kSqrtDTrials);
  out.set("keysPerTrial", kSqrtDKeys);
  return out;
}

val sqrt_d_result_js(int d) {
  const SqrtDOutput o = sqrt_d_workload(d);
  val out = val::object();
  out.set("rawEntropy", f64(o.raw_entropy));
  out.set("rawRange", f64(o.raw_range));
  out.set("scaledEntropy", f64(o.scaled_entropy));
  out.set("scaledRange", f64(o.scaled_range));
  return out;
}

val fit_input_js(int pair) {
  const FitInput in = fit_input(pair);
  val out = val::object();
  out.set("S", f64(in.S));
  out.set("H", f64(in.H));
  out.set("target", f64(in.target));
  out.set("W1", f64(in.W1));
  out.set("W2", f64(in.W2));
  out.set("v", f64(Eigen::MatrixXd(in.v)));
  out.set("nTgt", static_cast<int>(in.S.rows()));
  out.set("nSrc", static_cast<int>(in.H.rows()));
  out.set("k", static_cast<int>(in.S.cols()));
  out.set("attnDim", static_cast<int>(in.v.size()));
  out.set("learningRate", in.learning_rate);
  out.set("steps", kFitSteps);
  out.set("seed", kFitSeed);
  return out;
}

val fit_result_js(int pair) {
  const FitOutput o = fit_workload(fit_input(pair));
  val out = val::object();
  out.set("loss", f64(o.loss));
  out.set("tv", f64(o.tv));
  out.set("finalMap", f64(o.final_map));
  return out;
}

val train_result_js(int model) {
  const auto run = train_workload_run(model);
  val out = val::object();
  out.set("losses", f64(train_workload(*run)));
  out.set("tokensPerStep", train_tokens_per_step(*run));
  out.set("budgetSteps", train_budget_steps());
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(attn_bench) {
  emscripten::function("timeWorkload", &time_js);
  emscripten::function("encoderInput", &encoder_input_js);
  emscripten::function("encoderResult", &encoder_result_js);
  emscripten::function("sqrtDDraws", &sqrt_d_draws_js);
  emscripten::function("sqrtDResult", &sqrt_d_result_js);
  emscripten::function("fitInput", &fit_input_js);
  emscripten::function("fitResult", &fit_result_js);
  emscripten::function("trainResult", &train_result_js);
}
