// Figure `length` (§1 句子多长会崩): x = source length n, y = ‖∂c/∂w₁‖ of the first word on a
// log₁₀ axis, one curve per 「记忆保留率」 level (current emphasised, others faint), the grey
// healthy band, and a marker where the current curve leaves it.
// Data: {curves: [{rho, n: Float64Array, norms: Float64Array, exit_n (1-based or null)}],
//        band: [lo, hi], current: index, claims: {long_sentences_fall_out: {holds, value, rho, max_n,
//        across}}} (lib/claim-note.js).
import { scaleLinear } from 'd3-scale';
import { axisBottom } from 'd3-axis';
import { line } from 'd3-shape';
import { LogChart, decadeDomain, formatDecade } from '../lib/log-chart.js';
import { element } from '../lib/dom.js';
import { coreDrawnFigure } from '../lib/figure-handle.js';
import { attrsChanged, textChanged } from '../lib/write-changed.js';
import { redrawWhenChanged } from '../lib/redraw-when-changed.js';
import { claimNote } from '../lib/claim-note.js';
import { numbers } from '../lib/numbers.js';

const DEFAULT_BAND = [1e-2, 1e2];
const LABEL_GAP = 13; // px between stacked curve labels
// The chart's lower edge. The lowest level falls to ~1e-20 by n = 60; showing all of that would
// squash the band into a sliver, so such a curve leaves through the bottom of the chart.
const FLOOR = 1e-8;

const rhoText = (rho) => `ρ = ${Number.isInteger(rho) ? rho.toFixed(1) : rho}`;

function readData(result) {
  const data = result?.data ?? {};
  const curves = Array.from(data.curves ?? [], (curve) => {
    const norms = numbers(curve.norms);
    const n = curve.n ? numbers(curve.n) : norms.map((_, i) => i + 1);
    const exit = Number.isFinite(curve.exit_n) && curve.exit_n > 0 ? curve.exit_n : null;
    return { rho: Number(curve.rho), n, norms, exit };
  });
  const band = data.band && data.band.length === 2 ? [data.band[0], data.band[1]] : DEFAULT_BAND;
  const current = Math.min(Math.max(0, Number(data.current ?? result?.params?.level ?? 0)), curves.length - 1);
  return { curves, band, current, fallsOut: data.claims?.long_sentences_fall_out ?? null };
}

// 「句子一长，前面的词照样被压没」: said when at this seed the ρ = 1.25 curve never leaves the band.
const fallsOutNote = {
  format: (n) => String(n),
  here: (claim) => `这个种子下，${rhoText(claim.rho)} 的曲线到 n = ${claim.max_n} 都没掉出灰色带：正文说的「句子一长，前面的词照样被压没」在这里没有发生。`,
  across: (claim, a) => `${a.seeds} 各算一遍：${a.count} 个里有 ${a.holding} 个在 n = ${a.range} 之间掉出（中位数 n = ${a.median}），`
    + `${a.count - a.holding} 个像这个种子一样没掉出。`,
};

// "ρ = 1.25：n = 43 时跌出灰色带" — the figure's text alternative.
function exitText(curve, band) {
  if (!curve.exit) return `${rhoText(curve.rho)}：n ≤ ${curve.n.at(-1)} 内始终留在灰色带里`;
  const value = curve.norms[curve.exit - 1];
  return `${rhoText(curve.rho)}：n = ${curve.exit} 时${value > band[1] ? '冲出' : '跌出'}灰色带`;
}

function describe({ curves, band, current }) {
  const main = curves[current];
  if (!main) return '';
  const others = curves.filter((_, i) => i !== current).map((c) => exitText(c, band));
  return `${exitText(main, band)}${others.length ? `（对照：${others.join('；')}）` : ''}。`;
}

// Moves labels apart vertically so none overlap; keeps their order.
function spreadLabels(labels, gap) {
  const sorted = [...labels].sort((a, b) => a.y - b.y);
  for (let i = 1; i < sorted.length; i += 1) sorted[i].y = Math.max(sorted[i].y, sorted[i - 1].y + gap);
  return labels;
}

export function mount(el, core, initialState, host) {
  const chart = new LogChart(el, {
    className: 'length',
    height: 320,
    margin: { top: 22, right: 64, bottom: 44, left: 50 },
    yLabel: '‖∂c/∂w₁‖',
    ariaLabel: '第一个词对 c 的影响随句长 n 的变化，三档记忆保留率，对数刻度',
  });
  const claim = claimNote(chart.root.node());
  const x = scaleLinear();
  const path = line().defined((d) => d[1] > 0 && Number.isFinite(d[1]));
  const curveLayer = chart.clipped(chart.plot.append('g').attr('class', 'curves'));
  const xTitle = chart.svg.append('text').attr('class', 'axis-label').attr('text-anchor', 'end').text('源句长度 n');
  // The width offered by the slot, measured on mount and on resize only: reading layout in
  // every redraw would force the whole chapter's layout on each control move.
  let width = el.clientWidth;
  const redrawNAxis = redrawWhenChanged();

  function draw(result) {
    const view = readData(result);
    const { curves, band, current } = view;
    chart.layout(width);
    const nMax = Math.max(2, ...curves.map((c) => c.n.at(-1) ?? 1));
    x.domain([1, nMax]).range([0, chart.inner.width]);
    const [lo, hi] = decadeDomain(curves.flatMap((c) => c.norms), [band[0] / 10, band[1] * 10]);
    chart.setYDomain([Math.max(lo, FLOOR), hi]);
    chart.drawBand(band, `灰色带 ${formatDecade(band[0])}–${formatDecade(band[1])}`);
    path.x((d) => x(d[0])).y((d) => chart.y(d[1]));
    const points = (c) => c.n.map((n, i) => [n, c.norms[i]]);

    const lines = curveLayer.selectAll('path.curve').data(curves).join('path');
    attrsChanged(lines, {
      class: (_, i) => (i === current ? 'curve is-current' : 'curve'), 'data-level': (_, i) => i, d: (c) => path(points(c)),
    });
    const front = lines.filter('.is-current').node();
    if (front && front !== front.parentNode.lastChild) front.parentNode.appendChild(front); // drawn over the others

    // Each curve is named at its right end, or at the bottom edge (↓) if it ran off the chart.
    const floorY = chart.y(chart.y.domain()[0]);
    const labels = spreadLabels(curves.map((c, i) => {
      const end = chart.y(c.norms.at(-1) ?? band[0]);
      return { text: `${rhoText(c.rho)}${end > floorY ? ' ↓' : ''}`, i, y: Math.min(end, floorY) };
    }), LABEL_GAP);
    const curveLabels = chart.plot.selectAll('text.curve-label').data(labels)
      .join((enter) => enter.append('text').attr('dy', '0.32em'));
    attrsChanged(curveLabels, {
      class: (d) => (d.i === current ? 'curve-label is-current' : 'curve-label'), x: chart.inner.width + 6, y: (d) => d.y,
    });
    textChanged(curveLabels, (d) => d.text);

    const main = curves[current];
    const marker = main?.exit ? [{ n: main.exit, v: main.norms[main.exit - 1] }] : [];
    const markers = chart.overlay.selectAll('g.exit-marker')
      .data(marker)
      .join((enter) => {
        const g = enter.append('g').attr('class', 'exit-marker');
        g.append('line');
        g.append('circle').attr('r', 5);
        g.append('text').attr('dy', '-0.8em');
        return g;
      });
    const floor = chart.y.domain()[0];
    attrsChanged(markers.select('line'), { x1: (d) => x(d.n), x2: (d) => x(d.n), y1: (d) => chart.y(d.v), y2: chart.y(floor) });
    attrsChanged(markers.select('circle'), { cx: (d) => x(d.n), cy: (d) => chart.y(d.v) });
    const markerText = markers.select('text');
    attrsChanged(markerText, {
      x: (d) => x(d.n), y: (d) => chart.y(d.v), 'text-anchor': (d) => (x(d.n) > chart.inner.width * 0.75 ? 'end' : 'middle'),
    });
    textChanged(markerText, (d) => `n = ${d.n} ${d.v > band[1] ? '冲出' : '跌出'}`);

    // The n axis changes with the width only (every seed and level runs n = 1…60).
    redrawNAxis(`${nMax}:${chart.inner.width}`, () => {
      chart.xAxis.call(axisBottom(x).ticks(Math.min(10, Math.floor(chart.inner.width / 48))).tickSizeOuter(0));
    });
    attrsChanged(xTitle, { x: chart.inner.left + chart.inner.width, y: chart.height - 6 });
    claim.show(view.fallsOut, fallsOutNote);
    host?.describe(describe(view));
  }

  return coreDrawnFigure(core, 'length', { draw, readWidth: () => { width = el.clientWidth; }, svg: () => chart.svg.node() });
}
