// Figure `path` (§5 注意力把「要穿多少步」压成 1 步): the encoder chain h₁…hₙ runs along the top
// to c at the right end, the decoder chain s₁…sᵢ comes back along the bottom (a U). The RNN
// route from hⱼ to sᵢ lights every hop of the U; attention is one straight line across it.
// Data: {n, j, i, rnn: {nodes: [{kind: 'h'|'c'|'s', index}], hops}, attention: {nodes, hops},
//        rnn_hops_by_source: [hops from h₁ … hₙ to sᵢ]}.
import { select } from 'd3-selection';
import { element } from '../lib/dom.js';
import { coreDrawnFigure } from '../lib/figure-handle.js';
import { numbers } from '../lib/numbers.js';
import { attrChanged, attrsChanged, classChanged, textChanged, writeText } from '../lib/write-changed.js';

const PAD = 18;                // px left/right: room for a centred label such as 「h₆₀」
const MIN_SPACING = 4;         // px between nodes: the whole U of n = 60 still fits a 360 px phone
const MAX_SPACING = 46;
const ALL_LABELS_FROM = 26;    // px spacing from which every node is labelled
const LABEL_GAP = 30;          // px kept between two key labels in one row
const ROW_Y = { h: 46, c: 92, s: 138 };
const HEIGHT = 178;
let instances = 0;             // marker ids must be unique in the page

const nameOf = (node) => (node.kind === 'c' ? 'c' : `${node.kind}${node.index}`);
const keyOf = (node) => `${node.kind}${node.index}`;
const symbol = (base, index) => {
  const span = element('span', { class: 'symbol' }, base);
  span.append(element('sub', {}, String(index)));
  return span;
};

function readData(result) {
  const data = result?.data ?? {};
  const nodes = (list) => Array.from(list ?? [], (d) => ({ kind: String(d.kind), index: Number(d.index) }));
  return {
    n: Number(data.n), j: Number(data.j), i: Number(data.i),
    rnn: { nodes: nodes(data.rnn?.nodes), hops: Number(data.rnn?.hops) },
    attention: { nodes: nodes(data.attention?.nodes), hops: Number(data.attention?.hops) },
    hopsBySource: numbers(data.rnn_hops_by_source),
  };
}

// Every node drawn, in chain order: the whole encoder, c, the decoder up to sᵢ.
function chain({ n, i }) {
  const nodes = [];
  for (let k = 1; k <= n; k += 1) nodes.push({ kind: 'h', index: k, col: n - k + 1 });
  nodes.push({ kind: 'c', index: 0, col: 0 });
  for (let k = 1; k <= i; k += 1) nodes.push({ kind: 's', index: k, col: k });
  return { nodes, cols: Math.max(n, i) + 1 };
}

// Labels for the nodes that matter, most important first, dropping any that would collide.
function keyLabels(nodes, { j, i, n }, x, spacing) {
  if (spacing >= ALL_LABELS_FROM) return nodes;
  const wanted = [['h', j], ['s', i], ['c', 0], ['h', 1], ['h', n], ['s', 1]];
  const kept = [];
  for (const [kind, index] of wanted) {
    const node = nodes.find((d) => d.kind === kind && d.index === index);
    if (!node || kept.includes(node)) continue;
    const row = kind === 'c' ? 'c' : kind;
    if (kept.some((d) => (d.kind === 'c' ? 'c' : d.kind) === row && Math.abs(x(d) - x(node)) < LABEL_GAP)) continue;
    kept.push(node);
  }
  return kept;
}

export function mount(el, core, initialState, host) {
  const counts = el.appendChild(element('div', { class: 'path-counts' }));
  const count = (cls, label) => {
    const p = counts.appendChild(element('p', { class: `path-count ${cls}` }));
    p.append(element('span', { class: 'count-label' }, label));
    const value = p.appendChild(element('strong', { class: 'count-value' }));
    p.append(element('span', { class: 'count-unit' }, '步'));
    return value;
  };
  const rnnCount = count('is-rnn', 'RNN：要穿');
  const attentionCount = count('is-attention', '注意力：');
  const legend = el.appendChild(element('p', { class: 'path-legend' }));

  const root = select(el).append('div').attr('class', 'chart path');
  const scroller = root.append('div').attr('class', 'chart-scroll');
  const svg = scroller.append('svg').attr('xmlns', 'http://www.w3.org/2000/svg').attr('role', 'img')
    .attr('aria-label', '编码器链 h、c 与解码器链 s：RNN 路线与注意力路线');
  const markerId = `path-arrow-${(instances += 1)}`;
  svg.append('defs').append('marker').attr('id', markerId).attr('viewBox', '0 0 10 10')
    .attr('refX', 9).attr('refY', 5).attr('markerWidth', 7).attr('markerHeight', 7).attr('orient', 'auto-start-reverse')
    .append('path').attr('class', 'arrow-head').attr('d', 'M0,0 L10,5 L0,10 z');
  // The chain and the RNN route as one polyline each ("M … L … L …", one L per hop): two
  // attributes per redraw instead of one <line> per link keeps n = 60 cheap.
  const chainLine = svg.append('path').attr('class', 'chain');
  const routeLine = svg.append('path').attr('class', 'rnn-route');
  const attentionLine = svg.append('line').attr('class', 'attention-route').attr('marker-end', `url(#${markerId})`);
  const nodeLayer = svg.append('g').attr('class', 'nodes');
  const labelLayer = svg.append('g').attr('class', 'labels');
  // Clicking a source or decoder node picks it as j or i (the sliders do the same).
  nodeLayer.on('click', (event) => {
    const node = select(event.target).datum();
    if (node?.kind === 'h') host.setParams({ j: node.index });
    else if (node?.kind === 's') host.setParams({ i: node.index });
  });
  let width = el.clientWidth;

  function draw(result) {
    const v = readData(result);
    const { nodes, cols } = chain(v);
    const spacing = Math.min(MAX_SPACING, Math.max(MIN_SPACING, (width - 2 * PAD) / (cols - 1)));
    const chartWidth = Math.max(width, Math.ceil(2 * PAD + (cols - 1) * spacing));
    const scrolls = chartWidth > width;
    attrsChanged(scroller, { tabindex: scrolls ? 0 : null, role: scrolls ? 'region' : null, 'aria-label': scrolls ? '路径图（可左右滚动）' : null });
    // Dense chains draw route nodes hollow, so each hop still shows as a bead on the line.
    classChanged(svg, 'is-dense', spacing < 12);
    attrsChanged(svg, { width: chartWidth, height: HEIGHT, viewBox: `0 0 ${chartWidth} ${HEIGHT}` });
    const right = chartWidth - PAD - (chartWidth - 2 * PAD - (cols - 1) * spacing) / 2; // centred
    const x = (d) => right - d.col * spacing;
    const y = (d) => ROW_Y[d.kind];
    const r = Math.max(1.6, Math.min(10, spacing * 0.3));
    const onRoute = new Set(v.rnn.nodes.map(keyOf));
    const byKey = new Map(nodes.map((d) => [keyOf(d), d]));
    const polyline = (list) => list.map((d, k) => `${k ? 'L' : 'M'}${x(d)},${y(d)}`).join('');
    attrChanged(chainLine, 'd', polyline(nodes));
    attrChanged(routeLine, 'd', polyline(v.rnn.nodes.map((d) => byKey.get(keyOf(d))).filter(Boolean)));
    const [from, to] = v.attention.nodes;
    const source = nodes.find((d) => from && d.kind === from.kind && d.index === from.index);
    const target = nodes.find((d) => to && d.kind === to.kind && d.index === to.index);
    attrChanged(attentionLine, 'visibility', source && target ? null : 'hidden');
    if (source && target) attrsChanged(attentionLine, { x1: x(source), y1: y(source) + r, x2: x(target), y2: y(target) - r - 2 });
    const circles = nodeLayer.selectAll('circle').data(nodes, keyOf)
      .join((enter) => enter.append('circle').attr('cy', y).call((c) => c.append('title')));
    attrsChanged(circles, {
      class: (d) => ['node', `is-${d.kind}`, onRoute.has(keyOf(d)) ? 'on-route' : '',
        d === source ? 'is-source' : '', d === target ? 'is-target' : ''].join(' ').trim(),
      cx: x,
      r: (d) => (d === source || d === target || d.kind === 'c' ? r + 1.5 : r),
    });
    textChanged(circles.select('title'), (d) => (d.kind === 'h'
      ? `${nameOf(d)} → s${v.i}：RNN 要穿 ${v.hopsBySource[d.index - 1]} 步，注意力 1 步（点一下设为起点 j）`
      : d.kind === 's' ? `${nameOf(d)}（点一下设为解码步 i）` : 'c：编码器最后的固定向量'));

    // Subscripts as a lowered tspan: the Unicode subscript digits are missing from some CJK fonts.
    const labels = labelLayer.selectAll('text').data(keyLabels(nodes, v, x, spacing)).join((enter) => {
      const text = enter.append('text');
      text.append('tspan').attr('class', 'base');
      text.append('tspan').attr('class', 'index').attr('dy', '0.3em');
      return text;
    });
    attrsChanged(labels, {
      class: (d) => `node-label is-${d.kind}${d === source || d === target ? ' is-end' : ''}`,
      x: (d) => (d.kind === 'c' ? x(d) + r + 6 : x(d)),
      y: (d) => (d.kind === 'h' ? y(d) - r - 10 : d.kind === 's' ? y(d) + r + 14 : y(d) + 4),
      'text-anchor': (d) => (d.kind === 'c' ? 'start' : 'middle'),
    });
    textChanged(labels.select('tspan.base'), (d) => d.kind);
    textChanged(labels.select('tspan.index'), (d) => (d.kind === 'c' ? '' : d.index));

    writeText(rnnCount, String(v.rnn.hops));
    writeText(attentionCount, String(v.attention.hops));
    const clamped = (host?.params?.j ?? v.j) > v.n ? ['（j 超过句长，取最后一个词 ', symbol('h', v.n), '）'] : [];
    legend.replaceChildren('上排编码器，右端 c，下排解码器。橙线：RNN 路线 ', symbol('h', v.j), ' → … → ', symbol('h', v.n),
      ' → c → ', symbol('s', 1), ' → … → ', symbol('s', v.i), '，每一格是一步；蓝线：注意力，', symbol('h', v.j), ' 直达 ',
      symbol('s', v.i), '。', ...clamped, scrolls ? '图比屏幕宽，可左右滑动。' : '');
    host?.describe(`源句 n = ${v.n}，从 h${v.j} 到 s${v.i}：RNN 要穿 ${v.rnn.hops} 步，注意力 ${v.attention.hops} 步。`);
  }

  return coreDrawnFigure(core, 'path', { draw, readWidth: () => { width = el.clientWidth; }, svg: () => svg.node() });
}
