// Figure `dot-attention` (§3 互动 · 真实的点积注意力): the English words are buttons (one
// radiogroup: click, tap, or arrow keys); the chosen word's decoder state s attends over the five
// Chinese memories h_j (bars of α), and a table shows what each score is made of: the products
// s_k·h_jk, one row per concept dimension, whose column sums divided by √8 are the scores e_j.
// Data: {src, tgt, target, d, sqrt_d, vectors: {src, tgt} (matrices, a row per word), scores, alpha, products (row j: s_k·h_jk), dims}.
import { scaleBand, scaleLinear } from 'd3-scale';
import { select } from 'd3-selection';
import { svgFrame, fixed2, argMax } from '../lib/svg-frame.js';
import { element } from '../lib/dom.js';
import { targetButtons } from '../lib/word-radios.js';
import { coreDrawnFigure } from '../lib/figure-handle.js';
import { matrixRows } from '../lib/matrix.js';
import { numbers } from '../lib/numbers.js';
import { writeSubscriptedHtml } from '../lib/subscripts.js';
import { attrChanged, attrsChanged, classChanged, textChanged } from '../lib/write-changed.js';

export const ownControls = ['target'];
const HEIGHT = 190;
const TOP = 44;          // px above the bars: the title and the dashed line's legend
const BOTTOM = 30;       // px below: the source words

function readData(result) {
  const data = result?.data ?? {};
  const rows = matrixRows;
  return {
    src: Array.from(data.src ?? [], String), tgt: Array.from(data.tgt ?? [], String),
    target: Number(data.target ?? 0), d: Number(data.d), sqrtD: Number(data.sqrt_d),
    s: rows(data.vectors?.tgt)[Number(data.target ?? 0)] ?? [], scores: numbers(data.scores),
    alpha: numbers(data.alpha), products: rows(data.products), dims: Array.from(data.dims ?? [], String),
  };
}

// The table of products: built once (header from the first result), values joined on update.
function productTable(el) {
  const wrap = el.appendChild(element('div', { class: 'dot-table-scroll', tabindex: '0', role: 'region', 'aria-label': '逐维乘积表（可横向滚动）' }));
  const table = select(wrap).append('table').attr('class', 'dot-products');
  const caption = table.append('caption');
  const head = table.append('thead').append('tr');
  const body = table.append('tbody');
  const foot = table.append('tfoot');
  return { caption, head, body, foot };
}

export function mount(el, core, initialState, host) {
  const spec = host?.spec?.params?.find((p) => p.name === 'target') ?? { label: '点一个译文词', choices: [] };
  const radios = targetButtons(el, { spec, value: initialState.target ?? 0, onChoose: (i) => host?.setParams({ target: i }) });
  const frame = svgFrame(el, { className: 'dot-attention', ariaLabel: '所选译文词对五个原文词的注意力权重' });
  const { svg } = frame;
  const title = svg.append('text').attr('class', 'chart-title').attr('x', 0).attr('y', 16);
  const baseline = svg.append('line').attr('class', 'baseline');
  // The even-split line sits behind the bars; the value labels carry a halo to stay readable.
  const even = svg.append('g').attr('class', 'even-line');
  even.append('line');
  even.append('text');
  const barLayer = svg.append('g');
  const table = productTable(el);
  const x = scaleBand().paddingInner(0.3).paddingOuter(0.15);
  const y = scaleLinear().range([HEIGHT - BOTTOM, TOP + 14]);
  let width = el.clientWidth;

  function drawBars(v, top) {
    const w = Math.max(260, width);
    frame.size(w, HEIGHT, width);
    x.domain(v.src.map((_, j) => j)).range([0, w]);
    // Weights of a flat-ish softmax: a 0…0.5 axis shows their differences; the dashed line is
    // the even split 1/n, where no word is preferred.
    y.domain([0, Math.max(0.5, ...v.alpha)]);
    const evenY = y(1 / Math.max(1, v.alpha.length));
    attrsChanged(even.select('line'), { x1: 0, x2: w, y1: evenY, y2: evenY });
    attrsChanged(even.select('text'), { x: 0, y: 36 });
    textChanged(even.select('text'), `虚线：平均分 1/${v.alpha.length}（谁都不偏向）`);
    textChanged(title, `「${v.tgt[v.target] ?? ''}」的注意力 α 落在原文哪里`);
    attrsChanged(baseline, { x1: 0, x2: w, y1: y(0), y2: y(0) });
    const bars = barLayer.selectAll('g.source').data(v.alpha).join((enter) => {
      const g = enter.append('g').attr('class', 'source');
      g.append('rect').attr('class', 'bar');
      g.append('text').attr('class', 'value').attr('text-anchor', 'middle');
      g.append('text').attr('class', 'word').attr('text-anchor', 'middle');
      return g;
    });
    classChanged(bars, 'is-max', (_, j) => j === top);
    // Only what a move changes is written: a redraw that rewrote every attribute restyled and
    // laid out the whole figure and its table on each move.
    const rect = bars.select('rect');
    attrsChanged(rect, { x: (_, j) => x(j), width: x.bandwidth(), y: (a) => y(a), height: (a) => y(0) - y(a) });
    const value = bars.select('.value');
    attrsChanged(value, { x: (_, j) => x(j) + x.bandwidth() / 2, y: (a) => y(a) - 5, 'data-index': (_, j) => j });
    textChanged(value, fixed2);
    const words = bars.select('.word');
    attrsChanged(words, { x: (_, j) => x(j) + x.bandwidth() / 2, y: HEIGHT - 9 });
    textChanged(words, (_, j) => v.src[j]);
  }

  function drawTable(v, top) {
    const word = v.tgt[v.target] ?? '';
    writeSubscriptedHtml(table.caption.node(), `逐维乘积 s_k·h_{jk}：每一列加起来再除以 √${v.d}（= ${fixed2(v.sqrtD)}）就是打分 e_j`);
    const heads = table.head.selectAll('th').data(['维度', `s（${word}）`, ...v.src]).join((enter) => enter.append('th').attr('scope', 'col'));
    classChanged(heads, 'is-max', (_, i) => i - 2 === top);
    textChanged(heads, (t) => t);
    const max = Math.max(1e-9, ...v.products.flat());
    const rows = table.body.selectAll('tr').data(v.dims.map((_, k) => k)).join((enter) => {
      const tr = enter.append('tr');
      tr.append('th').attr('scope', 'row');
      return tr;
    });
    textChanged(rows.select('th'), (k) => v.dims[k]);
    const cells = rows.selectAll('td').data((k) => [{ value: v.s[k], isS: true }, ...v.products.map((p, j) => ({ value: p[k], j }))]).join('td');
    attrChanged(cells, 'class', (c) => [c.isS ? 'is-s' : c.value === 0 ? 'is-zero' : 'is-product',
      c.j === top ? 'is-max' : '', !c.isS && c.value / max > 0.6 ? 'is-strong' : ''].filter(Boolean).join(' '));
    // The cell's shade is its share of the largest product (a CSS custom property, no inline style).
    cells.each(function shade(c) {
      const share = c.isS ? '' : String(Math.max(0, c.value / max));
      if (this.style.getPropertyValue('--share') === share) return;
      if (share) this.style.setProperty('--share', share);
      else this.style.removeProperty('--share');
    });
    textChanged(cells, (c) => (c.value === 0 && !c.isS ? '0' : fixed2(c.value))); // exact zeros: the dimensions that do not match
    const footRows = [{ label: `e_j = 列和 ÷ √${v.d}`, values: v.scores }, { label: 'α_j = softmax(e)_j', values: v.alpha }];
    const foot = table.foot.selectAll('tr').data(footRows).join((enter) => {
      const tr = enter.append('tr');
      tr.append('th').attr('scope', 'row');
      tr.append('td').attr('class', 'is-s');
      return tr;
    });
    foot.select('th').each(function label(r) { writeSubscriptedHtml(this, r.label); });
    const values = foot.selectAll('td.value').data((r) => r.values).join((enter) => enter.append('td').attr('class', 'value'));
    classChanged(values, 'is-max', (_, j) => j === top);
    textChanged(values, fixed2);
  }

  function draw(result) {
    const v = readData(result);
    const top = argMax(v.alpha);
    radios.set(v.target);
    drawBars(v, top);
    drawTable(v, top);
    host?.describe(`「${v.tgt[v.target] ?? ''}」的注意力：${v.src.map((w, j) => `${w} ${fixed2(v.alpha[j])}`).join('，')}；`
      + `最多落在「${v.src[top] ?? ''}」。打分 e：${v.scores.map(fixed2).join('、')}。`);
  }

  return coreDrawnFigure(core, 'dot-attention', { draw, readWidth: () => { width = el.clientWidth; }, svg: () => svg.node() });
}
