// Figure `funnel` (§1 互动 · 瓶颈漏斗): one bar per word, its height ‖∂c/∂w_j‖ — how much that
// word still moves the context vector c — on a log₁₀ axis, against the grey healthy band.
// Data (from the core): {words: [string], norms: Float64Array, norm: 'spectral', band: [lo, hi]}.
import { scaleBand } from 'd3-scale';
import { LogChart, decadeDomain, formatDecade, formatMagnitude } from '../lib/log-chart.js';
import { element } from '../lib/dom.js';
import { attrsChanged, textChanged } from '../lib/write-changed.js';
import { coreDrawnFigure } from '../lib/figure-handle.js';
import { writeSubscriptedHtml } from '../lib/subscripts.js';
import { drawWordAxis } from '../lib/word-axis.js';
import { numbers } from '../lib/numbers.js';

const NORM_NAMES = {
  spectral: '谱范数 ‖∂c/∂w_j‖_2（最大奇异值）',
  frobenius: 'Frobenius 范数 ‖∂c/∂w_j‖_F',
};
// px per word: a vertical label (10 px, .funnel .tick-vertical) with a gap to the next one. Fifty
// words then fit the text column's 646 px (50 × 11 + the 62 px of margins); on a phone it scrolls.
const MIN_STEP = 11;
// Past what its box holds (21 words on a 360 px phone) the chart grows with the sentence by
// this many words at a time, up to the slider's longest sentence, rather than with every word:
// each new size lays out every text in the SVG again (3–4 ms with 40 labels, four times that on
// a phone's CPU).
const GROWTH = 8;
const LABEL_FONT = 11;        // px, matches .chart .axis text (horizontal labels)
const VERTICAL_FONT = 10;     // px, .funnel .tick-vertical
const DEFAULT_BAND = [1e-2, 1e2];

function readData(result) {
  const data = result?.data ?? {};
  const norms = numbers(data.norms);
  const words = Array.from(data.words ?? [], String);
  const band = data.band && data.band.length === 2 ? [data.band[0], data.band[1]] : DEFAULT_BAND;
  return { norms, words, band, norm: data.norm ?? 'spectral' };
}

function describe({ norms, words, band }) {
  if (!norms.length) return '没有词。';
  const below = norms.filter((v) => v < band[0]).length;
  const above = norms.filter((v) => v > band[1]).length;
  const first = `第 1 个词「${words[0] ?? ''}」的影响为 ${formatMagnitude(norms[0])}`;
  const last = norms.length > 1 ? `，最后一个词「${words.at(-1) ?? ''}」为 ${formatMagnitude(norms.at(-1))}` : '';
  const out = below + above === 0 ? '全部留在灰色带里' : `${below} 个词跌到灰色带以下${above ? `，${above} 个词高出灰色带` : ''}`;
  return `句长 n = ${norms.length}：${first}${last}；${out}。`;
}

export function mount(el, core, initialState, host) {
  const readout = el.appendChild(element('p', { class: 'figure-readout' }));
  const chart = new LogChart(el, {
    className: 'funnel',
    height: 300,
    margin: { top: 27, right: 12, bottom: 40, left: 50 }, // top: room for w_j's index above 10³
    yLabel: '‖∂c/∂w_j‖',
    ariaLabel: '每个词对 c 的影响，对数刻度柱状图',
  });
  const x = scaleBand().paddingInner(0.22).paddingOuter(0.12);
  const longestSentence = host?.spec.params.find((p) => p.name === 'n')?.max ?? 0;
  // The width offered by the slot, measured on mount and on resize only: reading layout in
  // every redraw would force the whole chapter's layout on each control move.
  let width = el.clientWidth;

  function draw(result) {
    const view = readData(result);
    const { norms, words, band } = view;
    const longestWord = Math.max(1, ...words.map((w) => w.length));
    const { left, right } = chart.options.margin;
    const step = Math.max(MIN_STEP, (width - left - right) / Math.max(1, norms.length));
    // Words that do not fit side by side are written vertically (natural for Chinese).
    const vertical = longestWord * LABEL_FONT + 4 > step;
    // The margin and the height hold the labels written either way, so the chart keeps its size
    // when they turn: a new size lays out every text in the SVG again (2–4 ms, traced).
    chart.options.margin.bottom = Math.max(40, longestWord * (VERTICAL_FONT + 1) + 16);
    const fits = Math.floor((width - left - right) / MIN_STEP); // words side by side in the box
    const room = norms.length <= fits ? norms.length
      : Math.min(fits + Math.ceil((norms.length - fits) / GROWTH) * GROWTH, Math.max(norms.length, longestSentence));
    chart.layout(width, { minWidth: left + right + room * MIN_STEP, height: Math.max(300, 280 + longestWord * 12) });
    chart.setYDomain(decadeDomain(norms, [band[0] / 10, band[1] * 10]));
    chart.drawBand(band, `灰色带 ${formatDecade(band[0])}–${formatDecade(band[1])}`);

    x.domain(norms.map((_, i) => i)).range([0, chart.inner.width]);
    const floor = chart.y.domain()[0];
    const bars = chart.plot.selectAll('rect.bar')
      .data(norms)
      .join((enter) => enter.append('rect').call((r) => r.append('title')));
    attrsChanged(bars, {
      class: (v) => (v < band[0] || v > band[1] ? 'bar is-outside' : 'bar'),
      x: (_, i) => x(i),
      width: x.bandwidth(),
      y: (v) => chart.y(Math.max(v, floor)),
      height: (v) => Math.max(0, chart.y(floor) - chart.y(Math.max(v, floor))),
    });
    textChanged(bars.select('title'), (v, i) => `第 ${i + 1} 个词「${words[i] ?? ''}」：${formatMagnitude(v)}`);

    drawWordAxis(chart.xAxis, x, words, vertical);

    const scrolls = chart.width > width + 1;
    writeSubscriptedHtml(readout, `柱高：${NORM_NAMES[view.norm] ?? view.norm}，对数刻度，每格 ×10；灰色带 ${formatDecade(band[0])}–${formatDecade(band[1])} 为健康区间。${scrolls ? '图比屏幕宽，可左右滑动查看全部词。' : ''}`);
    host?.describe(describe(view));
  }

  return coreDrawnFigure(core, 'funnel', { draw, readWidth: () => { width = el.clientWidth; }, svg: () => chart.svg.node() });
}
