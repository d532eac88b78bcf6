// Figure `three-steps` (§3 核心大图): one decoder state s against the five memories h_j of
// 「我 昨天 看见 一只 猫」, the three steps side by side (stacked on a phone):
//   ① scores e_j = s·h_j/√d   ② α = softmax(e)   ③ c = Σ α_j h_j (its 8 numbers, one per concept).
// Data: {src, target, d, sqrt_d, raw, e, alpha, c, s, entropy, max_entropy, dims}.
import { scaleLinear } from 'd3-scale';
import { svgFrame, fixed2, argMax } from '../lib/svg-frame.js';
import { coreDrawnFigure } from '../lib/figure-handle.js';
import { numbers } from '../lib/numbers.js';
import { attrChanged, attrsChanged, classChanged, textChanged } from '../lib/write-changed.js';
import { writeIndexed, writeSubscripted } from '../lib/subscripts.js';

const THREE_COLUMNS = 900; // px: from here the three steps sit side by side
const TWO_COLUMNS = 520;   // px: from here ① and ② share a row
const GAP = 30;          // px between panels (holds the → arrow)
const HEAD = 48;         // px: panel title + subtitle
const ROW = 26;          // px per source word
const ROW_C = 22;        // px per dimension of c
const FOOT = 26;         // px: the line under a panel
const LABEL_W = 56;      // px: 「h₁ 我」
const LABEL_C = 104;     // px: 「昨天 / yesterday」
const VALUE_W = 42;      // px: 「0.46」

function readData(result) {
  const data = result?.data ?? {};
  return {
    src: Array.from(data.src ?? [], String), target: String(data.target ?? ''), d: Number(data.d),
    sqrtD: Number(data.sqrt_d), raw: numbers(data.raw), e: numbers(data.e), alpha: numbers(data.alpha),
    c: numbers(data.c), dims: Array.from(data.dims ?? [], String),
    entropy: Number(data.entropy), maxEntropy: Number(data.max_entropy),
  };
}

// Where c comes from, in words that stay true: 「主要来自」 only when one word has at least half
// of the weight; at the default d = 8 「猫」 leads with 0.28 against 0.18 for each of the others.
function sourceOfC(v, top) {
  if (top < 0) return '';
  const word = `「${v.src[top] ?? ''}」`;
  return v.alpha[top] >= 0.5 ? `c 主要来自${word}（α = ${fixed2(v.alpha[top])}）`
    : `c 混合了全部 ${v.src.length} 个词，${word}占得最多（α = ${fixed2(v.alpha[top])}）`;
}

function describe(v) {
  const top = argMax(v.alpha);
  return `d = ${v.d}（√d = ${fixed2(v.sqrtD)}），s 是「${v.target}」的解码器状态。① 打分 e：${v.src.map((w, j) => `${w} ${fixed2(v.e[j])}`).join('，')}。`
    + `② softmax 后 α：${v.src.map((w, j) => `${w} ${fixed2(v.alpha[j])}`).join('，')}（熵 ${fixed2(v.entropy)}，完全平均时 ${fixed2(v.maxEntropy)}）。`
    + `③ ${sourceOfC(v, top)}。`;
}

// One step's panel: a title, a subtitle, rows of label | bar | value, and a line below.
function panel(svg, className, title) {
  const g = svg.append('g').attr('class', `step-panel ${className}`);
  g.append('text').attr('class', 'panel-title').attr('y', 16).call(writeSubscripted, title);
  const sub = g.append('text').attr('class', 'panel-sub').attr('y', 36);
  const rows = g.append('g').attr('class', 'rows').attr('transform', `translate(0,${HEAD})`);
  const foot = g.append('text').attr('class', 'panel-foot');
  return { g, sub, rows, foot };
}

// Rows of horizontal bars: label at the left, value right-aligned at the right edge.
function drawRows(p, { values, labels, width, rowH, labelW, domain, barClass, highlight }) {
  const x = scaleLinear().domain(domain).range([labelW, width - VALUE_W - 4]);
  const zero = x(Math.max(domain[0], 0));
  const rows = p.rows.selectAll('g.row').data(values).join((enter) => {
    const row = enter.append('g').attr('class', 'row');
    row.append('text').attr('class', 'row-label').attr('dy', '0.35em');
    row.append('rect').attr('class', `bar ${barClass}`);
    row.append('text').attr('class', 'value').attr('dy', '0.35em').attr('text-anchor', 'end');
    return row;
  });
  attrChanged(rows, 'transform', (_, i) => `translate(0,${i * rowH})`);
  classChanged(rows, 'is-max', (_, i) => i === highlight);
  const label = rows.select('.row-label');
  attrChanged(label, 'y', rowH / 2 - 1);
  writeIndexed(label, (_, i) => (Array.isArray(labels[i]) ? labels[i] : [labels[i], '', '']));
  attrsChanged(rows.select('rect'), { y: 4, height: rowH - 9, x: (v) => Math.min(zero, x(v)), width: (v) => Math.abs(x(v) - zero) });
  const value = rows.select('.value');
  attrsChanged(value, { x: width, y: rowH / 2 - 1, 'data-index': (_, i) => i });
  textChanged(value, fixed2);
  attrChanged(p.foot, 'y', HEAD + values.length * rowH + 18);
}

export function mount(el, core, initialState, host) {
  const frame = svgFrame(el, { className: 'three-steps', ariaLabel: '注意力三步：打分、softmax、加权求和' });
  const { svg } = frame;
  const scores = panel(svg, 'is-scores', '① 打分 e_j = s·h_j / √d');
  const weights = panel(svg, 'is-weights', '② softmax → 权重 α_j');
  const mix = panel(svg, 'is-mix', '③ 加权求和 c = Σ_j α_j h_j');
  const arrows = svg.selectAll('text.step-arrow').data([0, 1]).join('text').attr('class', 'step-arrow').attr('text-anchor', 'middle').text('→');
  let width = el.clientWidth;

  function draw(result) {
    const v = readData(result);
    const w = Math.max(280, width);
    const top = argMax(v.alpha);
    const heights = [HEAD + v.e.length * ROW + FOOT, HEAD + v.alpha.length * ROW + FOOT, HEAD + v.c.length * ROW_C + FOOT];
    // Three columns on a wide slot; ① and ② side by side with ③ under them on a medium one
    // (the chapter's text column); one under the other on a phone.
    const layout = w >= THREE_COLUMNS ? 3 : w >= TWO_COLUMNS ? 2 : 1;
    const third = Math.floor((w - 2 * GAP) * 0.3);
    const half = Math.floor((w - GAP) / 2);
    const widths = layout === 3 ? [third, third, w - 2 * third - 2 * GAP] : layout === 2 ? [half, half, w] : [w, w, w];
    const xs = layout === 3 ? [0, third + GAP, 2 * (third + GAP)] : layout === 2 ? [0, half + GAP, 0] : [0, 0, 0];
    const ys = layout === 3 ? [0, 0, 0] : layout === 2 ? [0, 0, Math.max(heights[0], heights[1]) + 12]
      : [0, heights[0] + 8, heights[0] + heights[1] + 16];
    [scores, weights, mix].forEach((p, i) => attrChanged(p.g, 'transform', `translate(${xs[i]},${ys[i]})`));
    // The → between side-by-side steps (none where a step sits under the one before).
    attrsChanged(arrows, {
      display: (i) => (layout === 3 || (layout === 2 && i === 0) ? null : 'none'), y: HEAD + 2.5 * ROW + 5, x: (i) => xs[i + 1] - GAP / 2,
    });
    frame.size(w, layout === 3 ? Math.max(...heights) : ys[2] + heights[2], width);

    const labels = v.src.map((word, j) => ['h', String(j + 1), ` ${word}`]);
    // The score axis is fixed by the raw dot products (e at d = 1): bars shrink as d grows.
    const eMax = Math.max(1e-9, ...v.raw, ...v.e);
    const eMin = Math.min(0, ...v.raw, ...v.e);
    textChanged(scores.sub, `s =「${v.target}」，√d = √${v.d} = ${fixed2(v.sqrtD)}`);
    drawRows(scores, { values: v.e, labels, width: widths[0], rowH: ROW, labelW: LABEL_W, domain: [eMin, eMax], barClass: 'bar-e', highlight: argMax(v.e) });
    textChanged(scores.foot, `最大 e = ${fixed2(Math.max(...v.e))}`);

    textChanged(weights.sub, '全为正，加起来等于 1');
    drawRows(weights, { values: v.alpha, labels, width: widths[1], rowH: ROW, labelW: LABEL_W, domain: [0, 1], barClass: 'bar-alpha', highlight: top });
    textChanged(weights.foot, `熵 ${fixed2(v.entropy)}（平均分时 ${fixed2(v.maxEntropy)}）`);

    textChanged(mix.sub, `c 的 ${v.c.length} 个数（每个概念一维）`);
    drawRows(mix, { values: v.c, labels: v.dims, width: widths[2], rowH: ROW_C, labelW: LABEL_C, domain: [0, Math.max(1, ...v.c)], barClass: 'bar-c', highlight: -1 });
    textChanged(mix.foot, sourceOfC(v, top));
    host?.describe(describe(v));
  }

  return coreDrawnFigure(core, 'three-steps', { draw, readWidth: () => { width = el.clientWidth; }, svg: () => svg.node() });
}
