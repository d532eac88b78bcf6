#pragma once
// The `decoder` figure as the attn_figure2 module computes it: the registry's figure (its spec,
// its checks, its data; cpp/figures/decoder.hpp), with the choice the core cannot make itself —
// weights = 1, Figure 2's trained RNNsearch — answered by this run: the greedy decoding of the
// chapter's example, step by step, by rnn_search_step, whose code the page then shows. Every other
// choice is the core's own computation.
#include "figure2/run.hpp"
#include "figures/registry.hpp"

namespace attn {

// For weights = 1 the run must be an RNNsearch that has learned (trained, or loaded the build's
// weights): InvalidInput otherwise. It must outlive the figure.
Figure decoder_figure(const Figure2Run& run);

}  // namespace attn
