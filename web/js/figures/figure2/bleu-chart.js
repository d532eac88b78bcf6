// The chart of Bahdanau's Figure 2: BLEU (y, 0–100) against the source-length bucket (x), one
// line per model and per origin — solid for the models the build trained, dashed for the ones
// trained in this browser (drawn from its latest checkpoint while it trains).
// series: [{key, model: 'rnnenc'|'rnnsearch', origin: 'build'|'browser', buckets: [{lo, hi, bleu}]}]
import { scaleLinear, scalePoint } from 'd3-scale';
import { axisBottom, axisLeft } from 'd3-axis';
import { line } from 'd3-shape';
import { svgFrame } from '../../lib/svg-frame.js';
import { attrChanged, attrsChanged, textChanged } from '../../lib/write-changed.js';
import { redrawWhenChanged } from '../../lib/redraw-when-changed.js';
import { MODEL_NAMES, bucketLabel } from './report.js';

const HEIGHT = 290;
const MARGIN = { top: 18, right: 92, bottom: 46, left: 46 };
const NARROW = 480;      // px: below this the model names sit above the lines' ends, not beside
const MIN_WIDTH = 260;   // narrower than this, the chart scrolls inside its own box
const LABEL_GAP = 14;    // px between stacked line-end labels

// Line-end labels moved apart vertically so none overlap; keeps their order.
function spread(labels) {
  const sorted = [...labels].sort((a, b) => a.y - b.y);
  for (let i = 1; i < sorted.length; i += 1) sorted[i].y = Math.max(sorted[i].y, sorted[i - 1].y + LABEL_GAP);
  return labels;
}

export function bleuChart(container, { ariaLabel }) {
  const frame = svgFrame(container, { className: 'figure2-chart', ariaLabel });
  const { svg } = frame;
  const grid = svg.append('g').attr('class', 'grid');
  const xAxis = svg.append('g').attr('class', 'axis axis-x');
  const yAxis = svg.append('g').attr('class', 'axis axis-y');
  const plot = svg.append('g').attr('class', 'plot');
  const yTitle = svg.append('text').attr('class', 'axis-label').attr('x', 4).attr('y', 11).text('BLEU');
  const xTitle = svg.append('text').attr('class', 'axis-label').attr('text-anchor', 'end').text('源句长度（词数区间）');
  const x = scalePoint().padding(0.5);
  const y = scaleLinear().domain([0, 100]);
  const path = line().defined((d) => Number.isFinite(d.bleu));
  const redrawFrame = redrawWhenChanged();

  // available: the width the slot offers.
  function draw(series, available) {
    const width = Math.max(MIN_WIDTH, Math.floor(available));
    const narrow = width < NARROW;
    const margin = { ...MARGIN, right: narrow ? 12 : MARGIN.right };
    const inner = { w: width - margin.left - margin.right, h: HEIGHT - margin.top - margin.bottom };
    frame.size(width, HEIGHT, Math.floor(available));
    const buckets = series.find((s) => s.buckets.length)?.buckets ?? [];
    x.domain(buckets.map(bucketLabel)).range([0, inner.w]);
    y.range([inner.h, 0]);
    // The frame (axes, grid, titles) depends only on the width and the buckets: redrawn when they
    // change, not at every checkpoint of a training run.
    redrawFrame(`${width}|${x.domain().join(',')}`, () => {
      for (const layer of [grid, plot, yAxis]) layer.attr('transform', `translate(${margin.left},${margin.top})`);
      xAxis.attr('transform', `translate(${margin.left},${margin.top + inner.h})`)
        .call(axisBottom(x).tickSizeOuter(0));
      yAxis.call(axisLeft(y).ticks(5).tickSizeOuter(0));
      grid.selectAll('line').data(y.ticks(5)).join('line')
        .attr('x1', 0).attr('x2', inner.w).attr('y1', (d) => y(d)).attr('y2', (d) => y(d));
      xTitle.attr('x', width - margin.right).attr('y', HEIGHT - 6);
    });

    const point = (b) => [x(bucketLabel(b)), y(100 * b.bleu)];
    path.x((b) => point(b)[0]).y((b) => point(b)[1]);
    const groups = plot.selectAll('g.series').data(series, (s) => s.key).join((enter) => {
      const g = enter.append('g');
      g.append('path').attr('class', 'bleu-line');
      return g;
    });
    attrsChanged(groups, { class: (s) => `series model-${s.model} is-${s.origin}`, 'data-series': (s) => s.key });
    attrChanged(groups.select('path'), 'd', (s) => path(s.buckets));
    const circles = groups.selectAll('circle').data((s) => s.buckets.filter((b) => Number.isFinite(b.bleu))).join('circle');
    attrsChanged(circles, { r: 4, cx: (b) => point(b)[0], cy: (b) => point(b)[1], 'data-bleu': (b) => b.bleu });

    // Each model is named once, at the right end of its build line (or of its browser line);
    // on a phone just above that end, inside the plot.
    const named = new Map();
    for (const s of series) if (s.buckets.length && (!named.has(s.model) || s.origin === 'build')) named.set(s.model, s);
    const labels = spread([...named.values()].map((s) => ({ model: s.model, y: point(s.buckets.at(-1))[1] - (narrow ? 12 : 0) })));
    const texts = plot.selectAll('text.series-label').data(labels, (d) => d.model).join('text');
    attrsChanged(texts, {
      class: (d) => `series-label model-${d.model}`,
      x: narrow ? x(x.domain().at(-1) ?? '') ?? inner.w : inner.w + 8,
      y: (d) => d.y,
      dy: '0.32em',
      'text-anchor': narrow ? 'end' : 'start',
    });
    textChanged(texts, (d) => MODEL_NAMES[d.model]);
  }

  return { draw, svg: () => svg.node() };
}
