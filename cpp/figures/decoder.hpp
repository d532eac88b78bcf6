#pragma once
// The `decoder` figure (end of the chapter · 工业界真的在跑的解码器的一步), whichever decoder runs
// it. Its spec (step, seed, weights) is the registry's; the chapter's seeded, untrained decoder
// (weights = 0) is computed here, in the core. Figure 2's trained RNNsearch (weights = 1) needs the
// trained weights and the translation stack, which live in the attn_figure2 module: it computes
// the same figure, through the same spec and checks, with the same data
// (cpp/figure2/trained_decoder.hpp). This core refuses weights = 1 rather than invent it.
//   data: {src, steps: [{input, scores, alpha, top: [{word, p}], chosen}], stopped, trained,
//          lines (the listing's line tags in the order the step runs them), …}
#include <Eigen/Dense>
#include <string>
#include <vector>

#include "figures/value.hpp"

namespace attn {

constexpr int kDecoderTrainedWeights = 1;  // the `weights` choice: Figure 2's trained RNNsearch

// One decoding step as the figure shows it: the word fed in, the scores and α over the source
// words, the five most likely next words (most likely first) and the word chosen.
Value decoder_step_value(const std::string& input, const Eigen::VectorXd& scores, const Eigen::VectorXd& alpha,
                         const Eigen::VectorXd& probs, const std::vector<std::string>& vocab, const std::string& chosen);

// The data both decoders give: src, steps, stopped (the last step shown wrote the end symbol),
// trained, lines.
Value decoder_data(const std::vector<std::string>& source, Value::Array steps, bool stopped, bool trained,
                   const std::vector<std::string>& lines);

}  // namespace attn
