#pragma once
// Bahdanau et al.'s Figure 2, run by the core: one Seq2Seq model (RNNenc or RNNsearch) trained on
// the toy corpus in slices, evaluated by source-length bucket, and saved as a flat weight file.
// The build trains both models natively (attn train-figure2); the page's worker trains them again
// in WASM with the same config. Both sides call only this class, so they train the same thing.
#include <Eigen/Dense>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "nmt/training.hpp"

namespace attn {

enum class Figure2Model { RnnEnc, RnnSearch };

// "rnnenc" / "rnnsearch"; InvalidInput for any other name.
Figure2Model figure2_model_from_name(const std::string& name);
const char* figure2_model_name(Figure2Model model);

struct Figure2Config {
  ToyCorpusConfig corpus;                 // corpus seed, split sizes, source lengths 3 … 50
  int embedding = 32, hidden = 32, attention = 32;  // same widths for both models
  TrainConfig train;                      // steps, batch, lr, clip, minibatch-order seed
  std::uint64_t init_seed = 1;            // initial weights
  std::vector<int> bucket_edges;          // source-length buckets, [edges[k], edges[k+1] − 1]
  int checkpoint_every = 0;               // steps between evaluations on the test split (0: none)
};

// The chapter's budget: the config the build trains and the page retrains.
Figure2Config figure2_default_config();

// Determinism: one config trains to the same bits, in slices or at once, natively and in WASM
// (nmt/batch_trainer: float32, fixed-order products, our own tanh/exp; tests/wasm compares the
// weights' hash). So the page's retraining reproduces the build's numbers exactly. Evaluation
// runs the double model with Eigen and libm, whose last bits may differ between the two builds;
// a greedy argmax could only follow if two words' probabilities tied to ~1e-15.
class Figure2Run {
 public:
  Figure2Run(Figure2Model model, const Figure2Config& config);
  ~Figure2Run();
  Figure2Run(Figure2Run&&) noexcept;
  Figure2Run& operator=(Figure2Run&&) noexcept;

  Figure2Model model() const;
  const Figure2Config& config() const;
  const ToyCorpus& corpus() const;

  // Trains up to `steps` more steps, never past config.train.steps; returns each step's mean
  // loss per target token. Slices of any size give the same result as one call.
  std::vector<double> train(int steps);
  int steps_done() const;
  // The weights were trained (steps_done() > 0) or loaded (load_weights), not the seeded start.
  bool learned() const;

  // Greedy translations of the test split, BLEU-4 and exact match by bucket.
  Evaluation evaluate() const;

  // RNNsearch only (InvalidInput for RNNenc): the greedy translation of `source` (source words,
  // each in the vocabulary, else InvalidInput) and its attention weights, one row per word
  // written (and the <eos> step), one column per source word.
  struct Alignment {
    std::vector<std::string> source, output;
    Eigen::MatrixXd weights;
  };
  Alignment align(const std::vector<std::string>& source) const;

  // RNNsearch only: the same greedy translation, step by step, as the decoder figure shows it:
  // its first max_steps steps (never past greedy_max_length, where translate stops), each with
  // the word fed in, what rnn_search_step computed (e, α over the source words, p over the target
  // vocabulary) and the word chosen. `stopped`: the last step shown chose <eos>.
  struct DecodeStep {
    std::string input, chosen;
    Eigen::VectorXd scores, alpha, probs;
  };
  struct DecodeTrace {
    std::vector<std::string> source;
    std::vector<DecodeStep> steps;
    bool stopped = false;
  };
  DecodeTrace decode_steps(const std::vector<std::string>& source, int max_steps) const;

  // Greedy translation as target words (either model).
  std::vector<std::string> translate(const std::vector<std::string>& source) const;

  // The weights as float32, every parameter block in the model's visit order. load_weights
  // checks the count (InvalidInput otherwise) and replaces the weights; the training state
  // (Adam moments, steps_done) is left as it was.
  std::size_t parameter_count() const;
  std::vector<float> save_weights() const;
  void load_weights(const std::vector<float>& weights);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace attn
