#pragma once
// A seed slider's next move is most often an arrow key: the seed one up or one down. A figure
// whose new seed is costly (an encoder per level, a 500-step training) computes those two ahead,
// in the page's idle time (Figure::prepare), so the press draws from memory.

namespace attn {

// One slice of that work around the seed drawn last: computes the first neighbour within
// [first, last] that `ready` says is missing and returns false; true once neither is missing.
template <class Ready, class Compute>
bool prepare_seed_neighbours(int drawn, int first, int last, Ready&& ready, Compute&& compute) {
  for (const int seed : {drawn + 1, drawn - 1}) {
    if (seed < first || seed > last || ready(seed)) continue;
    compute(seed);
    return false;
  }
  return true;
}

}  // namespace attn
