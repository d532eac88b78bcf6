#pragma once
// A Figure 2 config small enough for a unit test: short sentences, narrow models, a few steps.
// The chapter's example sentence is in the lexicon whatever the corpus size.
#include "figure2/run.hpp"

namespace attn::testing {

inline Figure2Config tiny_figure2_config() {
  Figure2Config c;
  c.corpus = ToyCorpusConfig{3, 300, 0, 40, 3, 12};
  c.embedding = 6, c.hidden = 6, c.attention = 5;
  c.train = TrainConfig{24, 4, 1e-2, 1.0, 2};
  c.init_seed = 4;
  c.bucket_edges = {3, 8, 13};
  c.checkpoint_every = 0;
  return c;
}

}  // namespace attn::testing
