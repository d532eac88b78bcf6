#pragma once
// Training of RNNenc / RNNsearch by whole minibatches (batch_loss.hpp) in float32: the same
// steps as train_seq2seq (the same minibatch order, the mean loss per target token, clipping by
// the global norm, Adam with adam.hpp's formulas), 2–5× faster, and bit-identical natively and in
// WASM (fixed_order_gemm.hpp, float_math.hpp). The weights start as the double model's, rounded
// to float; the double model is what evaluation, alignment and the figures read
// (copy_weights_to). Training can go on in slices: the state carries over between calls.
#include <memory>
#include <vector>

#include "nmt/rnn_enc.hpp"
#include "nmt/rnn_search.hpp"
#include "nmt/toy_corpus.hpp"
#include "nmt/training.hpp"

namespace attn {

class BatchTrainer {
 public:
  // `data` must outlive the trainer. config.steps is not used (train(steps) says how many).
  BatchTrainer(RnnEnc& init, const std::vector<ToyPair>& data, const TrainConfig& config);
  BatchTrainer(RnnSearch& init, const std::vector<ToyPair>& data, const TrainConfig& config);
  ~BatchTrainer();
  BatchTrainer(BatchTrainer&&) noexcept;
  BatchTrainer& operator=(BatchTrainer&&) noexcept;

  // `steps` more steps; each step's mean loss per target token (before its update). A step
  // whose gradient is not finite is skipped (its loss still reported).
  std::vector<double> train(int steps);
  int steps_done() const;

  // The float weights, every block in the model's visit order (the weight file's layout).
  const std::vector<float>& weights() const;
  void set_weights(const std::vector<float>& weights);  // same count (InvalidInput otherwise)
  void copy_weights_to(RnnEnc& model) const;             // a model of the same shape
  void copy_weights_to(RnnSearch& model) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace attn
