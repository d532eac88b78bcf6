// The build's trained RNNsearch, loaded from its weight file by the Figure 2 module of the core,
// aligns one sentence. Runs in the training worker, or on the page when no worker can start.
import { loadFigure2Core } from './load-core.js';

// embind's arrays as plain ones, so they can be posted from a worker.
export const plainAlignment = (a) => ({ source: [...a.source], output: [...a.output], weights: Array.from(a.weights, (row) => Array.from(row)) });

export async function alignWithBuildWeights(base, weightsUrl, words) {
  const [core, response] = await Promise.all([loadFigure2Core(base), fetch(weightsUrl)]);
  if (!response.ok) throw new Error(`${weightsUrl}: HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const trainer = new core.Figure2Trainer('rnnsearch');
  try {
    trainer.loadWeights(bytes);
    return plainAlignment(trainer.align(words));
  } finally {
    trainer.delete();
  }
}
