#include "train_workload.hpp"

#include <stdexcept>

namespace attn::bench {

std::unique_ptr<Figure2Run> train_workload_run(int model) {
  if (model != 0 && model != 1) throw std::invalid_argument("train: model is 0 (rnnenc) or 1 (rnnsearch)");
  Figure2Config config = figure2_default_config();
  config.train.steps = 10000000;  // the most a config may ask: the timer decides how many run
  config.checkpoint_every = 0;
  return std::make_unique<Figure2Run>(model == 0 ? Figure2Model::RnnEnc : Figure2Model::RnnSearch, config);
}

std::vector<double> train_workload(Figure2Run& run) { return run.train(kTrainStepsPerCall); }

double train_tokens_per_step(const Figure2Run& run) {
  const auto& train = run.corpus().train;
  double tokens = 0;
  for (const auto& pair : train) tokens += static_cast<double>(pair.target.size()) + 1;
  return run.config().train.batch * tokens / static_cast<double>(train.size());
}

int train_budget_steps() { return figure2_default_config().train.steps; }

}  // namespace attn::bench
