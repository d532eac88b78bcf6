// The page's side of Figure 2's workers (train-worker.js): starting them, passing pause /
// resume, and saying plainly when a worker cannot run here — a page in a sandboxed
// cross-origin iframe may not start one, a CSP or a missing file may block its script.
import { EXAMPLE_WORDS } from './example.js';
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

// Two workers, one per model, trained side by side. onEvent(message) gets every worker message
// (each names its model) and {type: 'failed', error} once if a worker cannot run.
export class TrainingSession {
  constructor(base, onEvent) {
    this.base = base;
    this.onEvent = onEvent;
    this.workers = new Map();
    this.failed = false;
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
        const worker = startWorker(this.base, `figure2-${model}`, (message) => {
          if (message?.type === 'done') worker.terminate();
          this.onEvent(message);
        }, fail);
        this.workers.set(model, worker);
        worker.postMessage({ type: 'train', model, base: this.base });
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

// A question to the build's trained RNNsearch (build-rnnsearch.js: 'align' or 'decode') about
// one sentence, answered in a worker (building the model's corpus takes a few hundred ms, which
// the page should not feel), or on the page when no worker can run. Each answer is computed once
// per page: figure2 and scorers both show the example's alignment.
const answers = new Map(); // query, weights URL and sentence → Promise of the answer

export function askTrainedRnnSearch(base, weightsUrl, query, words = EXAMPLE_WORDS) {
  const key = JSON.stringify([query, weightsUrl, words]);
  if (!answers.has(key)) {
    const answer = answerInWorker(base, weightsUrl, query, words);
    answer.catch(() => answers.delete(key)); // a failure may be retried
    answers.set(key, answer);
  }
  return answers.get(key);
}

function answerInWorker(base, weightsUrl, query, words) {
  return new Promise((resolve, reject) => {
    let worker = null;
    const onPage = () => {
      worker?.terminate();
      askBuildRnnSearch(base, weightsUrl, query, words).then(resolve, reject);
    };
    try {
      worker = startWorker(base, `figure2-${query}`, (message) => {
        worker.terminate();
        if (message?.type === 'answer') resolve(message.answer);
        else reject(new Error(message?.message ?? '训练好的模型没能算出结果'));
      }, onPage);
      worker.postMessage({ type: 'ask', query, base, weightsUrl, words });
    } catch (error) {
      if (error instanceof WorkerUnavailable) onPage();
      else reject(error);
    }
  });
}
