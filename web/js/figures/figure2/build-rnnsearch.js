// The build's trained RNNsearch (dist/figure2/rnnsearch.weights), loaded once into the Figure 2
// module of the core and kept, in a worker or on the page when no worker can run. It answers two
// questions: 'align' (the alignment of a sentence, or of the chapter's example when none is
// given: figure2, scorers) and 'decoder' (the decoder figure for its params, which this module
// computes for the trained weights: Figure2Trainer.decoderFigure). The answers are the module's
// plain data (Float64Arrays included): a worker posts them as they are.
import { loadFigure2Core } from './load-core.js';

const QUERIES = {
  align: (core, trainer, words) => trainer.align(words ?? core.exampleSource()),
  decoder: (core, trainer, params) => trainer.decoderFigure(params),
};

const loaded = new Map(); // weights URL → promise of {core, trainer}; the trainer lives as long as the page

function loadBuildRnnSearch(base, weightsUrl) {
  if (!loaded.has(weightsUrl)) {
    const load = (async () => {
      const [core, response] = await Promise.all([loadFigure2Core(base), fetch(weightsUrl)]);
      if (!response.ok) throw new Error(`${weightsUrl}: HTTP ${response.status}`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      const trainer = new core.Figure2Trainer('rnnsearch');
      try {
        trainer.loadWeights(bytes);
      } catch (error) {
        trainer.delete();
        throw error;
      }
      return { core, trainer };
    })();
    load.catch(() => loaded.delete(weightsUrl)); // a failed load may be retried
    loaded.set(weightsUrl, load);
  }
  return loaded.get(weightsUrl);
}

export async function askBuildRnnSearch(base, weightsUrl, query, argument) {
  if (!Object.hasOwn(QUERIES, query)) throw new Error(`unknown question for the trained RNNsearch: ${query}`);
  const { core, trainer } = await loadBuildRnnSearch(base, weightsUrl);
  return QUERIES[query](core, trainer, argument ?? null);
}
