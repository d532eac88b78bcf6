// Figure `figure2` (§1, beside the text's 「Bahdanau 论文 Figure 2」): Bahdanau's Figure 2
// measured on our own toy corpus. BLEU by source-length bucket for RNNenc (a fixed vector) and
// RNNsearch (attention), as trained natively by `./build.sh build` (dist/figure2/*.json); a
// button retrains both in this browser in two Web Workers (dashed lines, updated at every
// checkpoint); and the learned alignment of the trained RNNsearch for the chapter's example.
// It computes nothing through the page's core, so it brings its own spec (`coreFreeSpec`) and
// mounts without waiting for the core to load, or when it cannot (figures/core-free.js): the
// Figure 2 module of the core (attn_figure2.*) is loaded by its workers, or lazily for the map.
import { element } from '../lib/dom.js';
import { bleuChart } from './figure2/bleu-chart.js';
import { trainingPanel } from './figure2/training-panel.js';
import { alignmentPanel } from './figure2/alignment-panel.js';
import { curveTable } from './figure2/curve-table.js';
import { MODELS, MODEL_NAMES, MODEL_ROLES, bleuText, bucketLabel, readEvaluation, readReport, reportFile } from './figure2/report.js';

export const coreFreeSpec = { id: 'figure2', title: 'Bahdanau 论文 Figure 2，在这里真跑一遍', params: [] };

async function fetchReport(base, model) {
  const url = new URL(reportFile(model), base).href;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${reportFile(model)}：HTTP ${response.status}`);
  return readReport(await response.json());
}

function legend() {
  const list = element('ul', { class: 'figure2-legend', 'aria-label': '图例' });
  const item = (cls, text) => {
    const li = list.appendChild(element('li', { class: `legend-item ${cls}` }));
    li.append(element('span', { class: 'legend-swatch', 'aria-hidden': 'true' }), element('span', {}, text));
    return li;
  };
  for (const m of MODELS) item(`model-${m}`, `${MODEL_NAMES[m]}（${MODEL_ROLES[m]}）`);
  item('is-build', '实线：构建时训练');
  const browser = item('is-browser', '虚线：你的浏览器训练');
  browser.hidden = true;
  return { list, browser };
}

// The text alternative: each model's BLEU from the shortest to the longest bucket.
function describeCurves(series) {
  return series.filter((s) => s.buckets.length).map((s) => {
    const first = s.buckets[0];
    const last = s.buckets.at(-1);
    const who = `${MODEL_NAMES[s.model]}（${s.origin === 'build' ? '构建时训练' : `你的浏览器，第 ${s.step} 步`}）`;
    return `${who}：源句 ${bucketLabel(first)} 词 BLEU ${bleuText(first.bleu)}，${bucketLabel(last)} 词 ${bleuText(last.bleu)}`;
  }).join('；');
}

export function mount(el, _core, initialState, host) {
  const base = document.baseURI;
  const idPrefix = host?.instanceId ? `${host.instanceId}-fig` : 'figure2';
  const { list, browser: browserLegend } = legend();
  el.append(list);
  const status = el.appendChild(element('p', { class: 'figure2-status figure-readout' }, '正在载入构建时训练好的两个模型的成绩…'));
  const chart = bleuChart(el, { ariaLabel: '各源句长度区间的 BLEU：RNNenc 与 RNNsearch，实线为构建时训练，虚线为你的浏览器训练' });
  const table = curveTable(el);
  const reports = {};
  const browser = {};
  let width = el.clientWidth;

  const series = () => [
    ...MODELS.filter((m) => reports[m]).map((m) => ({ key: `build-${m}`, model: m, origin: 'build', step: reports[m].steps, buckets: reports[m].final.buckets })),
    ...MODELS.filter((m) => browser[m]).map((m) => ({ key: `browser-${m}`, model: m, origin: 'browser', step: browser[m].step, buckets: browser[m].buckets })),
  ];

  function redraw() {
    const all = series();
    chart.draw(all, width);
    table.draw(all);
    browserLegend.hidden = !MODELS.some((m) => browser[m]);
    const curves = describeCurves(all);
    host?.describe(curves ? `${curves}。` : status.textContent);
  }

  // The workers' results (checkpoints, the end) are drawn in the next animation frame, once
  // however many arrived: a message handler that redrew at once would add the chart's layout to
  // the task that delivered the message.
  let pendingFrame = 0;
  let pendingAlignment = null; // the reader's RNNsearch finished: its alignment, to show
  const redrawSoon = () => {
    pendingFrame ||= requestAnimationFrame(() => {
      pendingFrame = 0;
      if (pendingAlignment) align.setBrowser(pendingAlignment);
      pendingAlignment = null;
      redraw();
    });
  };

  const buildSeconds = {};
  const panel = trainingPanel(el, {
    base,
    idPrefix,
    buildSeconds,
    onStart() {
      for (const m of MODELS) delete browser[m]; // a new run starts from nothing
      redraw();
    },
    onCheckpoint(model, step, evaluation) {
      browser[model] = readEvaluation(evaluation, step);
      redrawSoon();
    },
    onDone(model, message) {
      browser[model] = readEvaluation(message.evaluation, message.step);
      if (message.alignment) pendingAlignment = message.alignment;
      redrawSoon();
    },
  });
  const align = alignmentPanel(el, { base, weightsUrl: new URL('figure2/rnnsearch.weights', base).href, idPrefix });

  // The build's reports (7 KB) are fetched as the figure mounts, which the page does as the
  // reader comes near it or in idle time (mount-schedule.js); when it is on screen, the page has
  // asked for them beside the figures' code (figures/mount-fetches.js). Until they are drawn, or
  // have failed, the figure is not drawn: update() answers once they are.
  async function loadReports() {
    const results = await Promise.allSettled(MODELS.map((m) => fetchReport(base, m)));
    const failures = [];
    results.forEach((r, i) => {
      if (r.status === 'fulfilled') {
        reports[MODELS[i]] = r.value;
        buildSeconds[MODELS[i]] = r.value.trainSeconds;
      } else {
        failures.push(r.reason?.message ?? String(r.reason));
      }
    });
    status.dataset.loaded = failures.length ? 'partial' : 'build';
    status.textContent = failures.length
      ? `构建时训练的模型没能载入（${failures.join('；')}）。你仍可以按下面的按钮在浏览器里训练。`
      : `实线：构建这份页面时原生训练 ${reports.rnnsearch.steps} 步的两个模型，在 ${reports.rnnsearch.final.buckets.reduce((n, b) => n + b.count, 0)} 个测试句上按源句长度分组的 BLEU。`;
    status.classList.toggle('is-error', failures.length > 0);
    redraw();
  }
  const reportsDrawn = loadReports();

  const exportData = () => ({
    build: Object.fromEntries(MODELS.filter((m) => reports[m]).map((m) => [m, { steps: reports[m].steps, final: reports[m].final }])),
    browser: { ...browser },
    trainingState: panel.state,
  });

  return {
    update() {
      redraw();
      return reportsDrawn.then(() => ({ id: 'figure2', params: {}, get data() { return exportData(); } }));
    },
    resize() {
      width = el.clientWidth;
      align.resize(width);
      redraw();
    },
    svg: () => chart.svg(),
  };
}
