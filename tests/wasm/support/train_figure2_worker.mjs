// One Figure 2 model trained to the end of the default budget by the WASM module, as the page's
// worker trains it (slices of steps), then evaluated on the test split; the alignment of the
// chapter's example for RNNsearch, and the weight file's bytes. Runs in a worker thread so the two models train side by side.
import { parentPort, workerData } from 'node:worker_threads';
import { loadFigure2Core } from '../load_core.mjs';

const SLICE = 50;  // steps per call, as the page trains between messages
const core = await loadFigure2Core();
const trainer = new core.Figure2Trainer(workerData.model);
try {
  const started = performance.now();
  while (trainer.stepsDone < trainer.stepsTotal) trainer.train(SLICE);
  const seconds = (performance.now() - started) / 1000;
  const { buckets } = trainer.evaluate();
  // The module's objects are plain data (Float64Arrays included): they post as they are.
  const alignment = workerData.model === 'rnnsearch' ? trainer.align(core.exampleSource()) : null;
  parentPort.postMessage({ steps: trainer.stepsDone, seconds, buckets, alignment, weights: trainer.saveWeights() });
} finally {
  trainer.delete();
}
