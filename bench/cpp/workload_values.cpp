#include "workload_values.hpp"

#include <stdexcept>

#include "figures/eigen_value.hpp"
#include "train_workload.hpp"
#include "workloads.hpp"

namespace attn::bench {

Value workload_result(const std::string& name, int size) {
  if (name == "encoder") {
    const EncoderOutput o = encoder_workload(encoder_input(size));
    return Value::object().set("context", Value(o.context)).set("norms", Value(o.norms)).set("jacobians", Value(o.jacobians));
  }
  if (name == "sqrt-d") {
    const SqrtDOutput o = sqrt_d_workload(size);
    Value out = Value::object().set("raw_entropy", Value(o.raw_entropy)).set("raw_range", Value(o.raw_range));
    return out.set("scaled_entropy", Value(o.scaled_entropy)).set("scaled_range", Value(o.scaled_range));
  }
  if (name == "fit") {
    const FitOutput o = fit_workload(fit_input(size));
    return Value::object().set("loss", Value(o.loss)).set("tv", Value(o.tv)).set("final_map", Value(o.final_map));
  }
  if (name == "train") {
    const auto run = train_workload_run(size);
    Value out = Value::object().set("losses", Value(train_workload(*run)));
    return out.set("tokens_per_step", train_tokens_per_step(*run)).set("budget_steps", train_budget_steps());
  }
  throw std::invalid_argument("unknown workload '" + name + "'");
}

Value workload_input(const std::string& name, int size) {
  if (name == "encoder") {
    const EncoderInput in = encoder_input(size);
    return Value::object().set("W", Value(row_major(in.W))).set("words", Value(row_major(in.words)));
  }
  if (name == "sqrt-d") {
    const SqrtDDraws draws = sqrt_d_draws(size);
    Value out = Value::object().set("s", Value(row_major(draws.s_all))).set("keys", Value(row_major(draws.keys_all)));
    return out.set("trials", kSqrtDTrials).set("keys_per_trial", kSqrtDKeys);
  }
  if (name == "fit") {
    const FitInput in = fit_input(size);
    Value out = Value::object().set("S", Value(row_major(in.S))).set("H", Value(row_major(in.H)));
    out.set("target", Value(row_major(in.target))).set("W1", Value(row_major(in.W1))).set("W2", Value(row_major(in.W2)));
    out.set("v", numbers(in.v)).set("nTgt", static_cast<int>(in.S.rows())).set("nSrc", static_cast<int>(in.H.rows()));
    out.set("k", static_cast<int>(in.S.cols())).set("attnDim", static_cast<int>(in.v.size()));
    return out.set("learningRate", in.learning_rate).set("steps", kFitSteps).set("seed", kFitSeed);
  }
  throw std::invalid_argument("workload '" + name + "' has no input to hand out");
}

}  // namespace attn::bench
