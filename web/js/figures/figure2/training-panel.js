// 「在你的浏览器里重新训练」: one button that starts, pauses and resumes (a single control, so
// Enter or Space always does something), a progress bar per model (step / total and the current
// loss), and the closing line that says how long it took on this machine. The
// training runs in two workers (trainer-client.js); the page only writes a few text nodes a few
// times a second, so it stays responsive while both cores train.
import { element } from '../../lib/dom.js';
import { writeText } from '../../lib/write-changed.js';
import { MODELS, TrainingSession } from './trainer-client.js';
import { MODEL_NAMES, durationText } from './report.js';

const PAINT_EVERY_MS = 500;
const LABELS = { idle: '在你的浏览器里重新训练', running: '暂停训练', paused: '继续训练', done: '再训练一次', failed: '再试一次' };

const FRESH = { step: 0, total: 0, loss: NaN, activeMs: 0, done: false, paused: false };

// A page with an opaque origin (an <iframe sandbox> without allow-same-origin) may not start a
// worker from the site's files: there the panel offers no button that could only fail.
const OPAQUE_ORIGIN_TEXT = '在这里不能重新训练：这张图嵌在别的网页的沙箱 iframe 里，浏览器不允许这样的页面启动后台线程。'
  + '嵌入它的网页要在 iframe 的 sandbox 里同时允许 allow-scripts 和 allow-same-origin，读者才能在浏览器里训练。图中的实线是构建这份页面时训练好的模型，照常显示。';
const hasOpaqueOrigin = () => window.origin === 'null';

function progressRow(model, idPrefix) {
  const row = element('div', { class: `figure2-progress model-${model}`, 'data-model': model });
  const id = `${idPrefix}-progress-${model}`;
  const label = row.appendChild(element('label', { for: id, class: 'progress-model' }, MODEL_NAMES[model]));
  const bar = row.appendChild(element('progress', { id, max: 1, value: 0 }));
  const text = row.appendChild(element('span', { class: 'progress-text' }, '等待开始'));
  return { row, label, bar, text, ...FRESH };
}

// options: {base, idPrefix (unique in the page), buildSeconds: {model: seconds} (may be empty),
// onStart(), onCheckpoint(model, step, evaluation), onDone(model, message)}
export function trainingPanel(container, options) {
  const box = container.appendChild(element('div', { class: 'figure2-train' }));
  const actions = box.appendChild(element('div', { class: 'figure2-actions' }));
  const button = actions.appendChild(element('button', { type: 'button', class: 'figure2-start' }, LABELS.idle));
  const rows = new Map(MODELS.map((m) => [m, progressRow(m, options.idPrefix)]));
  const progress = box.appendChild(element('div', { class: 'figure2-progress-list', hidden: true }));
  for (const r of rows.values()) progress.append(r.row);
  const status = box.appendChild(element('p', { class: 'figure2-train-status', role: 'status' },
    '按下按钮，同样的配置会在你的浏览器里把两个模型从头训练一遍：两个后台线程同时跑，页面照常可用，随时可以暂停。'));

  let session = null;
  let state = 'idle'; // idle | running | paused | done | failed
  let frame = 0;
  let lastPaint = 0;
  let startedAt = 0;
  let pausedAt = 0;
  let pausedMs = 0;

  const setState = (next) => {
    state = next;
    box.dataset.state = next;
    button.textContent = LABELS[next];
  };

  // Progress goes to the DOM at most twice a second, in a frame, however many messages arrived
  // in between, and only what changed: every change costs the main thread a style, layout and
  // paint pass while both cores train (the panel is contained, figure2.css, so it stays small).
  const paint = () => {
    frame = 0;
    lastPaint = performance.now();
    for (const r of rows.values()) {
      const max = Math.max(1, r.total);
      if (r.bar.max !== max) r.bar.max = max;
      if (r.bar.value !== r.step) r.bar.value = r.step;
      const loss = Number.isFinite(r.loss) ? ` · 损失 ${r.loss.toFixed(3)}` : '';
      const tail = r.done ? ` · 完成，用时 ${durationText(r.activeMs / 1000)}` : r.paused ? ' · 已暂停' : '';
      const text = r.total ? `第 ${r.step} / ${r.total} 步${loss}${tail}` : '正在准备语料与模型…';
      writeText(r.text, text);
    }
  };
  const schedule = () => {
    if (frame) return;
    const wait = Math.max(0, lastPaint + PAINT_EVERY_MS - performance.now());
    frame = setTimeout(() => requestAnimationFrame(paint), wait);
  };

  function finish() {
    setState('done');
    const wall = (performance.now() - startedAt - pausedMs) / 1000;
    // For the page benchmark (bench/page/training.mjs): the times in milliseconds.
    box.dataset.wallMs = String(Math.round(wall * 1000));
    for (const [m, r] of rows) r.row.dataset.activeMs = String(Math.round(r.activeMs));
    const each = MODELS.map((m) => `${MODEL_NAMES[m]} ${durationText(rows.get(m).activeMs / 1000)}`).join('，');
    const build = options.buildSeconds ?? {};
    const native = MODELS.every((m) => Number.isFinite(build[m]))
      ? `构建这份页面时原生训练（不含评估）用的是 ${MODELS.map((m) => `${MODEL_NAMES[m]} ${durationText(build[m])}`).join('，')}。`
      : '';
    status.textContent = `训练完了：在这台机器上，两个模型在两个后台线程里同时训练，共用 ${durationText(wall)}`
      + `（不算暂停；各线程用时：${each}，含各自的最终评估；RNNsearch 训练途中的评估交给先练完的 RNNenc 线程做）。`
      + `${native}图里的虚线就是你的浏览器刚训练出的模型。`;
  }

  function onMessage(message) {
    const r = rows.get(message?.model);
    switch (message?.type) {
      case 'ready':
        r.total = Number(message.config?.train?.steps) || 0;
        break;
      case 'progress':
        Object.assign(r, { step: message.step, total: message.total, loss: message.loss, activeMs: message.activeMs });
        break;
      case 'paused':
      case 'resumed':
        r.paused = message.type === 'paused';
        r.step = message.step;
        break;
      case 'checkpoint':
        options.onCheckpoint?.(message.model, message.step, message.evaluation);
        break;
      case 'done':
        Object.assign(r, { step: message.step, done: true, activeMs: message.activeMs, paused: false });
        options.onDone?.(message.model, message);
        if ([...rows.values()].every((x) => x.done)) finish();
        break;
      case 'error':
      case 'failed':
        fail(message.error?.message ?? message.message);
        break;
      default:
        break;
    }
    schedule();
  }

  function fail(text) {
    session?.stop();
    setState('failed');
    status.textContent = `没能在浏览器里训练：${text}。上面的实线（构建时训练的模型）不受影响。`;
  }

  function start() {
    session?.stop();
    for (const r of rows.values()) Object.assign(r, FRESH);
    progress.hidden = false;
    startedAt = performance.now();
    pausedMs = 0;
    status.textContent = '两个后台线程正在训练；页面照常可用，可以边读边等。';
    setState('running');
    schedule();
    options.onStart?.();
    session = new TrainingSession(options.base, onMessage);
    session.start();
  }

  button.addEventListener('click', () => {
    if (state === 'idle' || state === 'done' || state === 'failed') {
      start();
    } else if (state === 'running') {
      session.pause();
      pausedAt = performance.now();
      setState('paused');
      status.textContent = '已暂停（正在评估的那一步会先做完）。';
    } else if (state === 'paused') {
      session.resume();
      pausedMs += performance.now() - pausedAt;
      setState('running');
      status.textContent = '继续训练。';
    }
  });

  setState('idle');
  if (hasOpaqueOrigin()) {
    actions.remove();
    box.dataset.state = 'unavailable';
    status.textContent = OPAQUE_ORIGIN_TEXT;
  }
  return { element: box, get state() { return box.dataset.state; } };
}
