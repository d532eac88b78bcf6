#pragma once
// Greedy decoding, the one loop every decoder here runs (the `decoder` figure's, RNNenc's and
// RNNsearch's): start from the start symbol; each step turns the word written last into scores
// for the next one (p, or anything that ranks the words as p does); the best word — the first on
// a tie, as Eigen's maxCoeff picks it — is written and fed back; stop once the end symbol is
// written, or after max_steps steps.
#include <Eigen/Dense>
#include <vector>

#include "core/checks.hpp"
#include "core/decoder_step.hpp"

namespace attn {

// step(previous_word) runs one decoder step and returns the next word's scores. Returns the words
// written, one per step, the end symbol last if it was reached.
template <class Step>
std::vector<int> greedy_loop(int start, int end, int max_steps, Step&& step) {
  require(max_steps >= 0, "greedy decoding: max_steps must not be negative");
  std::vector<int> written;
  int word = start;
  while (static_cast<int>(written.size()) < max_steps) {
    Eigen::Index best;
    step(word).maxCoeff(&best);
    written.push_back(word = static_cast<int>(best));
    if (word == end) break;
  }
  return written;
}

// The chapter's decoder (decoder_step) run greedily, every step kept for the `decoder` figure.
struct DecodedStep {
  int input = 0;     // y_{i−1}: the word fed into this step
  DecoderStep step;  // everything the step computed
  int chosen = 0;    // y_i = argmax p, never the start symbol (the first maximum on a tie)
};

std::vector<DecodedStep> greedy_decode(const DecoderWeights& w, const Eigen::VectorXd& initial_state,
                                       const Eigen::MatrixXd& memories, int start, int end, int max_steps);

}  // namespace attn
