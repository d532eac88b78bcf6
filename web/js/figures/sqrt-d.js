// Figure `sqrt-d` (§4 为什么非要除以 √d): five random trials of five dot-product scores in d
// dimensions, raw and divided by √d. Left: the means over the trials of the score range and of
// the entropy of α (each trial a dot on its bar), against the uniform bound ln 5. Right: the most
// typical trial, α raw and α scaled over the five positions.
// Data: {d, raw/scaled: {entropy_mean, range_mean, trials: {entropy, range}}, ln5,
//        typical: {index, rule, raw: {alpha}, scaled: {alpha}},
//        claims: {scaled_above_one: {holds, value, threshold, across}}} (lib/claim-note.js).
import { select } from 'd3-selection';
import { scaleBand, scaleLinear } from 'd3-scale';
import { element } from '../lib/dom.js';
import { coreDrawnFigure } from '../lib/figure-handle.js';
import { attrChanged, attrsChanged, textChanged, writeText } from '../lib/write-changed.js';
import { panelsStacked } from '../lib/panels.js';
import { claimNote } from '../lib/claim-note.js';
import { numbers } from '../lib/numbers.js';

const VARIANTS = [{ key: 'raw', label: '原始点积' }, { key: 'scaled', label: '除以 √d' }];
const SIDE_BY_SIDE = 560;   // px: below this the two panels stack (when the page's CSS does not decide)
const LABEL_W = 62;         // px, row labels 「原始点积」「除以 √d」
const VALUE_W = 50;         // px, the column of mean values at the right
const SUMMARY_H = 196;
const TYPICAL_H = 222;

// Three decimals, as ln 5 = 1.609: a mean of 0.997 must not read as 1.00 against 「留在 1 以上」.
// Entropies near 0 keep one significant digit so 「掉向 0」 is visible but not hidden as 0.000.
const formatEntropy = (v) => (v >= 0.001 || v === 0 ? v.toFixed(3) : v.toPrecision(1));

function readData(result) {
  const data = result?.data ?? {};
  const variant = (key) => {
    const v = data[key] ?? {};
    return {
      key,
      entropy: Number(v.entropy_mean), range: Number(v.range_mean),
      trialEntropy: numbers(v.trials?.entropy), trialRange: numbers(v.trials?.range),
      alpha: numbers(data.typical?.[key]?.alpha),
    };
  };
  return {
    d: data.d, ln5: Number(data.ln5), raw: variant('raw'), scaled: variant('scaled'),
    typicalIndex: Number(data.typical?.index ?? 0), rule: String(data.typical?.rule ?? ''),
    aboveOne: data.claims?.scaled_above_one ?? null,
  };
}

// 「除以 √d 的那行留在 1 以上」: said when this seed's mean falls below, with seeds 1–100 at this d.
function aboveOneNote(d) {
  return {
    format: formatEntropy,
    here: (claim) => `这个种子下，d = ${d} 时除以 √d 的平均熵是 ${formatEntropy(claim.value)}，掉到了 ${claim.threshold} 以下（正文说它留在 ${claim.threshold} 以上）。`,
    across: (claim, a) => `${a.seeds} 各算一遍（d = ${d}）：这个数在 ${a.range} 之间，中位数 ${a.median}；${a.count} 个里有 ${a.holding} 个在 ${claim.threshold} 以上。`,
  };
}

function describe(v) {
  return `d = ${v.d}：原始点积平均熵 ${formatEntropy(v.raw.entropy)}，除以 √d 后 ${formatEntropy(v.scaled.entropy)}`
    + `（上限 ln 5 = ${v.ln5.toFixed(3)}）；平均极差 ${v.raw.range.toFixed(1)} 对 ${v.scaled.range.toFixed(1)}。`;
}

// One metric (range or entropy): a title, a bar per variant with its value, and the trials as dots.
function metricGroup(parent, className, title) {
  const g = parent.append('g').attr('class', `metric ${className}`);
  g.append('text').attr('class', 'metric-title').attr('y', 0).text(title);
  const rows = g.selectAll('g.row').data(VARIANTS).join('g').attr('class', (d) => `row is-${d.key}`)
    .attr('transform', (_, i) => `translate(0,${10 + i * 26})`);
  rows.append('text').attr('class', 'row-label').attr('y', 9).attr('dy', '0.35em').text((d) => d.label);
  rows.append('rect').attr('class', 'bar').attr('x', LABEL_W).attr('height', 18);
  rows.append('text').attr('class', 'value').attr('y', 9).attr('dy', '0.35em').attr('text-anchor', 'end')
    .attr('data-key', (d) => `${d.key}-${className}`);
  return g;
}

export function mount(el, core, initialState, host) {
  const seedSpec = host?.spec?.params?.find((p) => p.name === 'seed') ?? { min: 1, max: 9999 };
  let seed = initialState.seed ?? seedSpec.min;
  const actions = el.appendChild(element('div', { class: 'sqrt-d-actions' }));
  const reseed = actions.appendChild(element('button', { type: 'button', class: 'sqrt-d-reseed' }, '换一组随机数'));
  const seedText = actions.appendChild(element('span', { class: 'sqrt-d-seed' }));
  // The next seed is seed + 1 (wrapping in the spec's range): the URL then reproduces the draw.
  reseed.addEventListener('click', () => host.setParams({ seed: seed >= seedSpec.max ? seedSpec.min : seed + 1 }));

  const root = select(el).append('div').attr('class', 'chart sqrt-d');
  const svg = root.append('svg').attr('xmlns', 'http://www.w3.org/2000/svg').attr('role', 'img')
    .attr('aria-label', '原始点积与除以 √d 的对比：平均极差、平均熵，以及最典型一次试验的 α');
  const claim = claimNote(root.node());
  const summary = svg.append('g').attr('class', 'summary');
  summary.append('text').attr('class', 'panel-title').attr('y', 12).text('5 次试验的平均（圆点是每一次）');
  const rangeGroup = metricGroup(summary, 'range', '极差（最大分 − 最小分）').attr('transform', 'translate(0,38)');
  const entropyGroup = metricGroup(summary, 'entropy', '平均熵（越小越集中）').attr('transform', 'translate(0,114)');
  const bound = entropyGroup.append('g').attr('class', 'bound');
  bound.append('line').attr('y1', 4).attr('y2', 64);
  bound.append('text').attr('y', 78).attr('text-anchor', 'end');

  const typical = svg.append('g').attr('class', 'typical');
  const typicalTitle = typical.append('text').attr('class', 'panel-title').attr('y', 12);
  const typicalRule = typical.append('text').attr('class', 'panel-note').attr('y', 30);
  const alphaRows = typical.selectAll('g.alpha-row').data(VARIANTS).join('g')
    .attr('class', (d) => `alpha-row is-${d.key}`).attr('transform', (_, i) => `translate(0,${46 + i * 80})`);
  alphaRows.append('text').attr('class', 'row-label').attr('y', 40).attr('dy', '0.35em').text((d) => `α ${d.label}`);
  alphaRows.append('line').attr('class', 'baseline').attr('y1', 64).attr('y2', 64);
  const positions = typical.append('g').attr('class', 'positions').attr('transform', 'translate(0,206)');

  const xBand = scaleBand().paddingInner(0.25);
  const yAlpha = scaleLinear().domain([0, 1]).range([64, 10]);
  let width = el.clientWidth;
  let stacked = panelsStacked(el, width, SIDE_BY_SIDE);

  function layout() {
    const wide = !stacked;
    const summaryW = wide ? Math.floor(width * 0.5) - 12 : width;
    const typicalW = wide ? width - summaryW - 24 : width;
    const height = wide ? TYPICAL_H : SUMMARY_H + TYPICAL_H + 12;
    attrsChanged(svg, { width, height, viewBox: `0 0 ${width} ${height}` });
    attrChanged(typical, 'transform', wide ? `translate(${summaryW + 24},0)` : `translate(0,${SUMMARY_H + 12})`);
    xBand.domain([0, 1, 2, 3, 4]).range([LABEL_W + 10, typicalW]);
    return { barW: summaryW - LABEL_W - VALUE_W };
  }

  function draw(result) {
    const v = readData(result);
    seed = result?.params?.seed ?? seed;
    writeText(seedText, `随机种子 = ${seed}`);
    const { barW } = layout();
    const variants = [v.raw, v.scaled];
    const rangeMax = Math.max(1e-9, ...variants.flatMap((x) => [x.range, ...x.trialRange]));
    const xRange = scaleLinear().domain([0, rangeMax]).range([0, barW]);
    const xEntropy = scaleLinear().domain([0, v.ln5]).range([0, barW]);
    const fill = (group, scale, mean, trials, format) => {
      const rows = group.selectAll('g.row').data(variants); // same order as VARIANTS
      attrChanged(rows.select('rect.bar'), 'width', (d) => Math.max(1, scale(mean(d))));
      // Values in a column of their own at the right, clear of the trial dots.
      const values = rows.select('text.value');
      attrChanged(values, 'x', LABEL_W + barW + VALUE_W);
      textChanged(values, (d) => format(mean(d)));
      const dots = rows.selectAll('circle.trial').data((d) => trials(d)).join((enter) => enter.append('circle').attr('class', 'trial').attr('r', 3).attr('cy', 9));
      attrChanged(dots, 'cx', (t) => LABEL_W + scale(t));
    };
    fill(rangeGroup, xRange, (d) => d.range, (d) => d.trialRange, (x) => x.toFixed(1));
    fill(entropyGroup, xEntropy, (d) => d.entropy, (d) => d.trialEntropy, formatEntropy);
    attrChanged(bound, 'transform', `translate(${LABEL_W + xEntropy(v.ln5)},0)`);
    textChanged(bound.select('text'), `上限 ln 5 = ${v.ln5.toFixed(3)}`);

    textChanged(typicalTitle, `最典型的一次：第 ${v.typicalIndex + 1} 次试验`);
    textChanged(typicalRule, `（${v.rule}）`);
    const [x0, x1] = xBand.range();
    attrsChanged(alphaRows.select('line.baseline'), { x1: x0, x2: x1 });
    alphaRows.each(function drawRow(variant) {
      const alpha = v[variant.key].alpha;
      const g = select(this);
      attrsChanged(g.selectAll('rect.bar').data(alpha).join((enter) => enter.append('rect').attr('class', 'bar')), {
        x: (_, i) => xBand(i), width: xBand.bandwidth(), y: (a) => yAlpha(a), height: (a) => Math.max(0.5, yAlpha(0) - yAlpha(a)),
      });
      const values = g.selectAll('text.alpha-value').data(alpha)
        .join((enter) => enter.append('text').attr('class', 'alpha-value').attr('text-anchor', 'middle'));
      attrsChanged(values, { x: (_, i) => xBand(i) + xBand.bandwidth() / 2, y: (a) => yAlpha(a) - 4 });
      textChanged(values, (a) => a.toFixed(2));
    });
    // 「h」 with a lowered index (the Unicode subscript digits are missing from some CJK fonts).
    const labels = positions.selectAll('text').data(v.raw.alpha).join((enter) => enter.append('text')
      .call((t) => t.append('tspan').text('h')).call((t) => t.append('tspan').attr('class', 'index').attr('dy', '0.3em')));
    attrsChanged(labels, { x: (_, i) => xBand(i) + xBand.bandwidth() / 2, 'text-anchor': 'middle' });
    textChanged(labels.select('tspan.index'), (_, i) => i + 1);
    claim.show(v.aboveOne, aboveOneNote(v.d));
    host?.describe(describe(v));
  }

  const readWidth = () => {
    width = el.clientWidth;
    stacked = panelsStacked(el, width, SIDE_BY_SIDE);
  };
  return coreDrawnFigure(core, 'sqrt-d', { draw, readWidth, svg: () => svg.node() });
}

// The seed is changed by the 「换一组随机数」 button, not by a slider.
export const ownControls = ['seed'];
