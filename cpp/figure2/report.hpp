#pragma once
// Figure 2's training, as plain data: the config, an evaluation by bucket, the alignment of an
// example, and the whole report `attn train-figure2` writes next to the weights (<model>.json).
// The page shows that JSON as it is, and the claim tests compare it with a fresh evaluation of
// the weights, so every number in it is one the core computed.
#include <functional>
#include <string>
#include <vector>

#include "figure2/run.hpp"
#include "figures/value.hpp"

namespace attn {

Value figure2_config_value(const Figure2Config& config);

// {"step", "bleu", "exact", "buckets": [{"lo", "hi", "count", "bleu", "exact"}…]}
// BLEU per bucket is corpus BLEU-4 over that bucket's test sentences (n-gram counts and lengths
// summed over the bucket), not a mean of sentence scores.
Value figure2_evaluation_value(int step, const Evaluation& evaluation);

// {"source": [words], "output": [words], "weights": matrix}: one row per output step (the
// words written, then the end step if reached), one column per source word.
Value figure2_alignment_value(const Figure2Run::Alignment& alignment);

// Losses averaged over consecutive windows so that at most `max_points` remain:
// {"steps": [last step of each window], "loss": [mean loss per target token in it]}.
Value figure2_loss_curve_value(const std::vector<double>& losses, int max_points);

struct Figure2Report {
  std::vector<double> losses;        // every step's loss
  std::vector<Value> checkpoints;    // figure2_evaluation_value at each checkpoint
  Value final;                       // the evaluation of the weights as saved (float32)
  double train_seconds = 0, eval_seconds = 0;
};

// Trains `run` to config.train.steps, evaluating every checkpoint_every steps (and at the end),
// timing training apart from evaluation. `progress` (may be null) is told each checkpoint.
// At the end the weights are rounded to float32 (what the weight file holds) and evaluated once
// more: that is `final`, so the JSON describes exactly the weights the page loads.
Figure2Report train_figure2_with_checkpoints(Figure2Run& run,
                                             const std::function<void(const Value&)>& progress = nullptr);

// The whole <model>.json: model, config, parameters, steps, seconds, loss curve, checkpoints,
// the final evaluation, and for rnnsearch the example's alignment (of the float32 weights).
Value figure2_report_value(const Figure2Run& run, const Figure2Report& report);

}  // namespace attn
