#pragma once
// One step of an attention decoder (Bahdanau et al. 2015; Luong et al. 2015):
//   previous word y_{i−1} → its embedding x → new state s_i = GRU(x, s_{i−1})
//   → scores e_j = s_i·h_j/√d over the encoder memories → α = softmax(e) → context c_i = Σ α_j h_j
//   → next-word distribution p = softmax(W_o [s_i; c_i] + b_o).
// The body of decoder_step() is shown on the page, taken at build time from decoder_step.cpp by
// tools/extract_source.py between the `// [decoder-step:begin]` / `// [decoder-step:end]` markers.
#include <Eigen/Dense>
#include <string>
#include <vector>

#include "core/gru_cell.hpp"

namespace attn {

struct DecoderWeights {
  Eigen::MatrixXd embedding;   // V × e: row w is the embedding of target word w
  GruCell cell;                // input e, state d (the width of the encoder memories)
  Eigen::MatrixXd out_weight;  // W_o: V × 2d, reads [s_i; c_i]
  Eigen::VectorXd out_bias;    // b_o: V
};

struct DecoderStep {
  Eigen::VectorXd state;    // s_i
  Eigen::VectorXd scores;   // e_j = s_i·h_j/√d, one per source word
  Eigen::VectorXd alpha;    // α_j = softmax(e)_j
  Eigen::VectorXd context;  // c_i = Σ_j α_j h_j
  Eigen::VectorXd probs;    // p(y_i = w) for every word w of the vocabulary
};

// prev_word: index into the vocabulary; prev_state: s_{i−1} (d); memories: n × d, row j = h_j.
DecoderStep decoder_step(const DecoderWeights& w, int prev_word, const Eigen::VectorXd& prev_state,
                         const Eigen::MatrixXd& memories);

// The line tags inside decoder_step(), in the order they run. Every step runs all of them (the
// function has no branches); tests check this list against the tags in decoder_step.cpp.
const std::vector<std::string>& decoder_step_lines();

}  // namespace attn
