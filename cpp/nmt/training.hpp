#pragma once
// Training and evaluation of the two Seq2Seq models on the toy corpus.
// A step: a minibatch of teacher-forced pairs, the gradient of the mean loss per target token
// (each sentence's words and its <eos>), clipped to a global norm, then one Adam update.
// Evaluation: greedy decoding of each source, scored by corpus BLEU-4 and exact match,
// overall and per source-length bucket.
#include <cstdint>
#include <memory>
#include <vector>

#include "nmt/adam.hpp"
#include "core/rng.hpp"

#include "nmt/bleu.hpp"
#include "nmt/rnn_enc.hpp"
#include "nmt/rnn_search.hpp"
#include "nmt/toy_corpus.hpp"

namespace attn {

struct TrainConfig {
  int steps = 200;
  int batch = 16;
  double lr = 3e-3;
  double clip = 1.0;       // max global gradient norm
  std::uint64_t seed = 1;  // order of the minibatches: each epoch a seeded shuffle
};

// What carries over between calls, so that training can go on in slices (e.g. between frames):
// Adam's moments, the minibatch order and the position in it. Made on the first call.
struct TrainState {
  std::unique_ptr<Adam> adam;
  std::unique_ptr<Rng> rng;
  std::vector<int> order;
  std::size_t next = 0;
  int steps_done = 0;
};

// The order of the minibatches: each epoch, `order` (indices of the training pairs) shuffled
// by `rng`, the same on every platform. Both trainers (this one and batch_trainer) draw by it.
void shuffle_order(std::vector<int>& order, Rng& rng);

// Runs config.steps more steps. Returns the mean loss per target token at each step (before
// that step's update). A step whose gradient is not finite is skipped (its loss is still
// reported). Without a state, training starts afresh.
std::vector<double> train_seq2seq(RnnEnc& model, const std::vector<ToyPair>& data, const TrainConfig& config,
                                  TrainState& state);
std::vector<double> train_seq2seq(RnnSearch& model, const std::vector<ToyPair>& data, const TrainConfig& config,
                                  TrainState& state);
std::vector<double> train_seq2seq(RnnEnc& model, const std::vector<ToyPair>& data, const TrainConfig& config);
std::vector<double> train_seq2seq(RnnSearch& model, const std::vector<ToyPair>& data, const TrainConfig& config);

struct Evaluation {
  std::vector<Tokens> hypotheses;  // greedy translations, in the order of the data
  BleuScore overall;
  double exact = 0;
  std::vector<LengthBucket> buckets;
};

// The most words greedy decoding may write for a source of n words: 2·n + 10. Evaluation,
// alignment and the decoder figure's trace all stop there.
inline int greedy_max_length(std::size_t n) { return 2 * static_cast<int>(n) + 10; }

Evaluation evaluate(const RnnEnc& model, const std::vector<ToyPair>& data, const std::vector<int>& edges);
Evaluation evaluate(const RnnSearch& model, const std::vector<ToyPair>& data, const std::vector<int>& edges);

}  // namespace attn
