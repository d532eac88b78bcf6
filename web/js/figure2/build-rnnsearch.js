// The build's trained RNNsearch (dist/figure2/rnnsearch.weights), loaded by the Figure 2 module of
// the core, answers one question about one sentence: its alignment (figure2, scorers) or its
// greedy decoding step by step (figure decoder). Runs in a worker, or on the page when no worker
// can start.
import { loadFigure2Core } from './load-core.js';

// embind's arrays as plain ones, so they can be posted from a worker.
export const plainAlignment = (a) => ({ source: [...a.source], output: [...a.output], weights: Array.from(a.weights, (row) => Array.from(row)) });

export const plainDecodeTrace = (t) => ({
  src: [...t.src],
  steps: Array.from(t.steps, (s) => ({
    input: s.input, chosen: s.chosen, alpha: Array.from(s.alpha), top: Array.from(s.top, ({ word, p }) => ({ word, p })),
  })),
  stopped: t.stopped,
  trained: t.trained,
});

const QUERIES = {
  align: (trainer, words) => plainAlignment(trainer.align(words)),
  decode: (trainer, words) => plainDecodeTrace(trainer.decodeSteps(words)),
};

export async function askBuildRnnSearch(base, weightsUrl, query, words) {
  if (!Object.hasOwn(QUERIES, query)) throw new Error(`unknown question for the trained RNNsearch: ${query}`);
  const [core, response] = await Promise.all([loadFigure2Core(base), fetch(weightsUrl)]);
  if (!response.ok) throw new Error(`${weightsUrl}: HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const trainer = new core.Figure2Trainer('rnnsearch');
  try {
    trainer.loadWeights(bytes);
    return QUERIES[query](trainer, words);
  } finally {
    trainer.delete();
  }
}
