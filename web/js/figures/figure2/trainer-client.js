// The page's side of Figure 2's workers (train-worker.js): starting them, passing pause /
// resume, and saying plainly when a worker cannot run here — a page in a sandboxed
// cross-origin iframe may not start one, a CSP or a missing file may block its script.
import { askBuildRnnSearch } from './build-rnnsearch.js';

export const MODELS = ['rnnenc', 'rnnsearch'];

export class WorkerUnavailable extends Error {}

const workerUrl = (base) => new URL('js/figure2-worker.js', base).href;

// A module worker, or WorkerUnavailable (thrown now, or passed to onFailure if its script then
// fails to load). onMessage gets the worker's messages.
function startWorker(base, name, onMessage, onFailure) {
  if (typeof Worker !== 'function') throw new WorkerUnavailable('这个浏览器不支持 Web Worker');
  let worker;
  try {
    worker = new Worker(workerUrl(base), { type: 'module', name });
  } catch (error) {
    // An opaque-origin (sandboxed) page may not start a worker from the site's URL.
    throw new WorkerUnavailable(`浏览器不允许这个页面启动后台线程（${error?.name ?? 'Error'}：${error?.message ?? error}）`);
  }
  worker.onmessage = ({ data }) => onMessage(data);
  worker.onerror = (event) => {
    event.preventDefault?.();
    onFailure(new WorkerUnavailable(`后台线程的脚本没能运行（${event.message || '文件缺失或被拦截'}）`));
  };
  return worker;
}

// Whose worker evaluates a model's checkpoints on the way (train-worker.js says why): RNNsearch's,
// the slower by half, in RNNenc's worker.
const CHECKPOINTS_EVALUATED_BY = { rnnsearch: 'rnnenc' };

// Two workers, one per model, trained side by side. onEvent(message) gets every worker message
// (each names its model) and {type: 'failed', error} once if a worker cannot run. A worker is
// let go once every model is done and no checkpoint waits to be evaluated.
export class TrainingSession {
  constructor(base, onEvent) {
    this.base = base;
    this.onEvent = onEvent;
    this.workers = new Map();
    this.failed = false;
    this.done = new Set();
    this.evaluating = 0;
  }

  receive(message) {
    if (message?.type === 'checkpoint-weights') {
      this.evaluating += 1;
      const { type, ...checkpoint } = message;
      this.workers.get(CHECKPOINTS_EVALUATED_BY[message.model])
        ?.postMessage({ type: 'evaluate', ...checkpoint, base: this.base }, [message.weights.buffer]);
      return;
    }
    if (message?.type === 'checkpoint' && message.model in CHECKPOINTS_EVALUATED_BY) this.evaluating -= 1;
    if (message?.type === 'done') this.done.add(message.model);
    this.onEvent(message);
    if (this.done.size === MODELS.length && this.evaluating === 0) this.stop();
  }

  start() {
    const fail = (error) => {
      if (this.failed) return;
      this.failed = true;
      this.stop();
      this.onEvent({ type: 'failed', error });
    };
    try {
      for (const model of MODELS) {
        const worker = startWorker(this.base, `figure2-${model}`, (message) => this.receive(message), fail);
        this.workers.set(model, worker);
        worker.postMessage({ type: 'train', model, base: this.base, handOffCheckpoints: model in CHECKPOINTS_EVALUATED_BY });
      }
    } catch (error) {
      fail(error);
    }
  }

  pause() {
    for (const worker of this.workers.values()) worker.postMessage({ type: 'pause' });
  }

  resume() {
    for (const worker of this.workers.values()) worker.postMessage({ type: 'resume' });
  }

  stop() {
    for (const worker of this.workers.values()) worker.terminate();
    this.workers.clear();
  }
}

// A question to the build's trained RNNsearch (build-rnnsearch.js): 'align' (words, or null for
// the chapter's example) or 'decoder' (the decoder figure's params). One worker, kept for the
// page, answers them all: it loads the module, the weights and the model's corpus once (a few
// hundred ms the page should not feel), then answers each question in a few ms. Without a
// worker the page answers itself. Each answer is computed once per page (figure2 and scorers
// both show the example's alignment); the most recent ones are kept.
const KEPT_ANSWERS = 64;
const answers = new Map(); // query, weights URL and argument → promise of the answer

export function askTrainedRnnSearch(base, weightsUrl, query, argument = null) {
  const key = JSON.stringify([query, weightsUrl, argument]);
  if (!answers.has(key)) {
    const answer = answerInWorker(base, weightsUrl, query, argument);
    answer.catch(() => answers.delete(key)); // a failure may be retried
    answers.set(key, answer);
    if (answers.size > KEPT_ANSWERS) answers.delete(answers.keys().next().value);
  }
  return answers.get(key);
}

let asker = null; // {worker, pending: Map(id → question), next} or {failed: true}

function answerInWorker(base, weightsUrl, query, argument) {
  return new Promise((resolve, reject) => {
    const question = { base, weightsUrl, query, argument, resolve, reject };
    if (!asker) asker = startAsker(base);
    if (asker.failed) return answerOnPage(question);
    const id = asker.next++;
    asker.pending.set(id, question);
    asker.worker.postMessage({ type: 'ask', id, query, base, weightsUrl, argument });
    return undefined;
  });
}

const answerOnPage = ({ base, weightsUrl, query, argument, resolve, reject }) =>
  askBuildRnnSearch(base, weightsUrl, query, argument).then(resolve, reject);

// The asking worker; if it cannot run here, every question (waiting or to come) goes to the page.
function startAsker(base) {
  const pending = new Map();
  const fallBack = () => {
    asker = { failed: true };
    for (const question of pending.values()) answerOnPage(question);
    pending.clear();
  };
  try {
    const worker = startWorker(base, 'figure2-ask', (message) => {
      const question = pending.get(message?.id);
      if (!question) return;
      pending.delete(message.id);
      if (message.type === 'answer') question.resolve(message.answer);
      else question.reject(new Error(message?.message ?? '训练好的模型没能算出结果'));
    }, () => {
      worker.terminate();
      fallBack();
    });
    return { worker, pending, next: 1 };
  } catch (error) {
    if (!(error instanceof WorkerUnavailable)) throw error;
    return { failed: true };
  }
}
