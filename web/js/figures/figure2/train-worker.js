// The Web Worker of figure `figure2`: trains ONE model (RNNenc or RNNsearch) with the chapter's
// default config in the WASM core (attn_figure2.mjs), off the page's main thread. One worker per
// model, so the two train side by side on two cores. Training goes in short slices with a yield
// to the event loop between them, so pause / resume / stop are answered within a slice.
//
// page → worker:  {type: 'train', model, base, handOffCheckpoints}   base: the URL the core files
//                                                     sit under; handOffCheckpoints: see below
//                 {type: 'evaluate', model, step, weights, activeMs, base}   another worker's
//                                                     checkpoint, evaluated here
//                 {type: 'pause'} · {type: 'resume'} · {type: 'stop'}
//                 {type: 'ask', id, query, base, weightsUrl, argument}   the build's RNNsearch
//                                                     (build-rnnsearch.js): query 'align' | 'decoder'
// worker → page:  {type: 'ready', model, config}
//                 {type: 'progress', model, step, total, loss, activeMs}
//                 {type: 'paused' | 'resumed', model, step}
//                 {type: 'checkpoint', model, step, evaluation, activeMs}
//                 {type: 'checkpoint-weights', model, step, weights, activeMs}   handed off
//                 {type: 'done', model, step, evaluation, activeMs, wallMs, weights, alignment?}
//                 {type: 'answer', id, answer}
//                 {type: 'error', model, message} · {type: 'error', id, message} (a question)
import { loadFigure2Core } from './load-core.js';
import { askBuildRnnSearch } from './build-rnnsearch.js';
import { afterQueuedTasks } from '../../lib/next-task.js';

// A slice of training between two yields: short enough that a pause lands quickly, long
// enough that the yield costs nothing. Progress goes to the page every PROGRESS_MS at most: each
// message is a task on the page's main thread.
const SLICE_MS = 80;
const PROGRESS_MS = 500;

const state = { paused: false, stopped: false, wake: null };
const post = (message, transfer) => self.postMessage(message, transfer ?? []);
const now = () => performance.now();

const waitForResume = () => new Promise((resolve) => {
  state.wake = resolve;
});

// A checkpoint of a training run (not its last) is judged on the test split, which takes
// RNNsearch's worker 2.6–4.3 s each time: 8 s or more of its run. With handOffCheckpoints the
// worker posts the checkpoint's weights instead and trains on, and the page has another worker
// (RNNenc's, done in half the time) evaluate them. The numbers are the same: evaluating a model
// loaded from its saved weights gives exactly what evaluating the trainer gives.
async function train(model, base, handOffCheckpoints) {
  const started = now();
  const core = await loadFigure2Core(base);
  const trainer = new core.Figure2Trainer(model);
  try {
    const config = trainer.config();
    post({ type: 'ready', model, config });
    const total = trainer.stepsTotal;
    const every = config.checkpoint_every > 0 ? config.checkpoint_every : total;
    let activeMs = now() - started; // loading the module and building the corpus count too
    let lastPost = 0;
    let lossSum = 0;
    let lossCount = 0;
    while (trainer.stepsDone < total) {
      if (state.stopped) return;
      if (state.paused) {
        post({ type: 'paused', model, step: trainer.stepsDone });
        await waitForResume();
        if (state.stopped) return;
        post({ type: 'resumed', model, step: trainer.stepsDone });
      }
      // One step at a time until the slice is used up or a checkpoint is due.
      const sliceStart = now();
      const nextCheckpoint = Math.min(total, (Math.floor(trainer.stepsDone / every) + 1) * every);
      let sum = 0;
      let count = 0;
      while (trainer.stepsDone < nextCheckpoint && now() - sliceStart < SLICE_MS) {
        sum += trainer.train(1)[0];
        count += 1;
      }
      const step = trainer.stepsDone;
      // A checkpoint on the way: its weights handed off, or its evaluation made here (the
      // module's objects are plain data: they post as they are); either counts in this slice.
      const checkpoint = step === nextCheckpoint && step < total;
      const weights = checkpoint && handOffCheckpoints ? trainer.saveWeights() : null;
      const evaluation = checkpoint && !handOffCheckpoints ? trainer.evaluate() : null;
      activeMs += now() - sliceStart;
      if (weights) post({ type: 'checkpoint-weights', model, step, weights, activeMs }, [weights.buffer]);
      if (evaluation) post({ type: 'checkpoint', model, step, evaluation, activeMs });
      lossSum += sum;
      lossCount += count;
      if (now() - lastPost >= PROGRESS_MS || step === nextCheckpoint) {
        post({ type: 'progress', model, step, total, loss: lossSum / lossCount, activeMs });
        lastPost = now();
        lossSum = 0;
        lossCount = 0;
      }
      // Lets queued messages (pause, stop, a checkpoint to evaluate) run before the next slice.
      // Not setTimeout(0): nested timers are clamped to 4 ms, seconds over a run's ~800 slices.
      await afterQueuedTasks();
    }
    // As the build does: round the weights to float32 (what the weight file holds), then
    // evaluate, so the final numbers describe exactly the weights handed back to the page.
    const finalStart = now();
    const weights = trainer.saveWeights();
    trainer.loadWeights(weights);
    const last = trainer.evaluate();
    const alignment = model === 'rnnsearch' ? trainer.align(core.exampleSource()) : null;
    activeMs += now() - finalStart;
    post({ type: 'done', model, step: trainer.stepsDone, evaluation: last, activeMs, wallMs: now() - started, weights, alignment },
      [weights.buffer]);
  } finally {
    trainer.delete();
  }
}

// Another worker's checkpoint: its model, made here once, loads the weights and is evaluated.
const evaluators = new Map(); // model → Figure2Trainer
async function evaluateCheckpoint({ model, step, weights, activeMs, base }) {
  const core = await loadFigure2Core(base);
  if (!evaluators.has(model)) evaluators.set(model, new core.Figure2Trainer(model));
  const evaluator = evaluators.get(model);
  evaluator.loadWeights(weights);
  post({ type: 'checkpoint', model, step, evaluation: { ...evaluator.evaluate(), step }, activeMs });
}

// The build's trained RNNsearch, loaded from its weight file once, answers a question.
async function ask({ id, query, base, weightsUrl, argument }) {
  try {
    post({ type: 'answer', id, answer: await askBuildRnnSearch(base, weightsUrl, query, argument) });
  } catch (error) {
    post({ type: 'error', id, message: String(error?.message ?? error) });
  }
}

self.onmessage = ({ data }) => {
  const fail = (error) => post({ type: 'error', model: data.model ?? null, message: String(error?.message ?? error) });
  switch (data?.type) {
    case 'train':
      train(data.model, data.base, Boolean(data.handOffCheckpoints)).catch(fail);
      break;
    case 'evaluate':
      evaluateCheckpoint(data).catch(fail);
      break;
    case 'ask':
      ask(data);
      break;
    case 'pause':
      state.paused = true;
      break;
    case 'resume':
    case 'stop':
      state.paused = false;
      state.stopped = data.type === 'stop';
      state.wake?.();
      state.wake = null;
      break;
    default:
      break;
  }
};
