// The decoder figure with trained weights: Figure 2's RNNsearch, trained at build time
// (dist/figure2/rnnsearch.weights), decodes the example greedily in the Figure 2 module of the
// core (rnn_search_step, in a worker when one can run). Nothing is fetched until the reader picks
// the trained weights; the answer is kept for the page.
import { askTrainedRnnSearch } from '../figure2/trainer-client.js';

// The first `count` steps, as the core's figure data would hold them for step = count.
export function firstSteps(trace, count) {
  const steps = trace.steps.slice(0, count);
  return { ...trace, steps, stopped: trace.stopped && steps.length === trace.steps.length };
}

// One sentence's trace, loaded once: state is 'idle' | 'loading' | 'ready' | 'error'.
export class TrainedTrace {
  constructor(base) {
    this.weightsUrl = new URL('figure2/rnnsearch.weights', base).href;
    this.base = base;
    this.state = 'idle';
    this.trace = null;   // {src, steps: [{input, alpha, top: [{word, p}], chosen}], stopped, trained}
    this.error = '';
  }

  // Starts the load unless it is under way or done; onSettled() runs when it lands or fails.
  request(words, onSettled) {
    if (this.state === 'loading' || this.state === 'ready') return;
    this.state = 'loading';
    askTrainedRnnSearch(this.base, this.weightsUrl, 'decode', words).then((trace) => {
      this.trace = trace;
      this.state = 'ready';
    }, (error) => {
      this.error = String(error?.message ?? error);
      this.state = 'error'; // asked again, it tries again
    }).then(onSettled);
  }
}
