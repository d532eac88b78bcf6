// Figure `mix` (§3 微型图解 · 「加权求和」在几何上是这样): five arrows h_1…h_5 from the origin,
// drawn to scale (one unit is the same length across and up), each as thick as its weight α_j,
// and the orange arrow c = Σ α_j h_j. The fan the arrows span is shaded, the hull of their tips
// dashed: because α_j > 0 and Σ α_j = 1, c lands inside both (the core checks it and says so).
// Data: {src, target, scores, alpha, arrows (matrix, row j: the tip of h_j), c: [x, y], hull: [tip index, CCW],
//        inside_fan, inside_hull}.
import { line } from 'd3-shape';
import { svgFrame, fixed2, argMax } from '../lib/svg-frame.js';
import { element } from '../lib/dom.js';
import { coreDrawnFigure } from '../lib/figure-handle.js';
import { attrChanged, attrsChanged, classChanged, textChanged, writeText } from '../lib/write-changed.js';
import { matrixRows } from '../lib/matrix.js';
import { numbers } from '../lib/numbers.js';
import { subscripted, writeIndexed } from '../lib/subscripts.js';

const MAX_H = 340;       // px: the plot's height on a wide screen
const PAD = { x: 56, top: 40, bottom: 12 }; // px around the fan: room for the tip labels
const SUB = ['₁', '₂', '₃', '₄', '₅', '₆', '₇', '₈', '₉'];
const path = line();

function readData(result) {
  const data = result?.data ?? {};
  const point = (p) => [Number(p?.[0] ?? 0), Number(p?.[1] ?? 0)];
  return {
    src: Array.from(data.src ?? [], String), target: String(data.target ?? ''),
    alpha: numbers(data.alpha), arrows: matrixRows(data.arrows).map(point),
    c: point(data.c), hull: numbers(data.hull),
    insideFan: Boolean(data.inside_fan), insideHull: Boolean(data.inside_hull),
  };
}

// The triangle at the end of an arrow from (x0, y0) to (x1, y1), in pixels.
function arrowHead([x0, y0], [x1, y1], size) {
  const len = Math.hypot(x1 - x0, y1 - y0) || 1;
  const [ux, uy] = [(x1 - x0) / len, (y1 - y0) / len];
  const back = [x1 - ux * size * 1.6, y1 - uy * size * 1.6];
  return path([[x1, y1], [back[0] - uy * size, back[1] + ux * size], [back[0] + uy * size, back[1] - ux * size]]) + 'Z';
}

export function mount(el, core, initialState, host) {
  const readout = el.appendChild(element('p', { class: 'figure-readout mix-readout' }));
  const frame = svgFrame(el, { className: 'mix', ariaLabel: '五支箭 h₁…h₅ 与它们按 α 加权合成的橙色箭 c' });
  const { svg } = frame;
  const grid = svg.append('g').attr('class', 'grid');
  const fan = svg.append('path').attr('class', 'fan');
  const hull = svg.append('path').attr('class', 'hull');
  const arrowLayer = svg.append('g').attr('class', 'arrows');
  const cArrow = svg.append('g').attr('class', 'arrow is-c');
  cArrow.append('line');
  cArrow.append('path');
  const cLabel = cArrow.append('text').attr('class', 'c-label');
  svg.append('circle').attr('class', 'origin').attr('r', 3);
  const legend = el.appendChild(element('p', { class: 'mix-legend' }));
  legend.append(element('span', { class: 'swatch is-fan', 'aria-hidden': 'true' }), '五支箭张成的扇形　',
    element('span', { class: 'swatch is-hull', 'aria-hidden': 'true' }), '箭头围成的凸包　',
    element('span', { class: 'swatch is-c', 'aria-hidden': 'true' }), subscripted('c = Σ α_j h_j'));
  let width = el.clientWidth;

  function draw(result) {
    const v = readData(result);
    const w = Math.max(260, width);
    // The fan: the cone between the outermost arrows, cut off a little beyond the longest one.
    const angles = v.arrows.map(([x, y]) => Math.atan2(y, x));
    const radius = Math.max(...v.arrows.map(([x, y]) => Math.hypot(x, y))) * 1.12;
    const [a0, a1] = [Math.min(...angles), Math.max(...angles)];
    const arcUnits = Array.from({ length: 25 }, (_, i) => a0 + ((a1 - a0) * i) / 24).map((t) => [radius * Math.cos(t), radius * Math.sin(t)]);
    // Equal aspect: one scale k (px per unit) for both axes, fitted to the width and MAX_H.
    const all = [[0, 0], ...v.arrows, ...arcUnits];
    const [x0, x1] = [Math.min(...all.map((p) => p[0])), Math.max(...all.map((p) => p[0]))];
    const [y0, y1] = [Math.min(...all.map((p) => p[1])), Math.max(...all.map((p) => p[1]))];
    const k = Math.min((w - 2 * PAD.x) / (x1 - x0), (MAX_H - PAD.top - PAD.bottom) / (y1 - y0));
    const height = Math.round((y1 - y0) * k + PAD.top + PAD.bottom);
    const left = (w - (x1 - x0) * k) / 2;
    const px = ([x, y]) => [left + (x - x0) * k, PAD.top + (y1 - y) * k];
    frame.size(w, height, width);
    const o = px([0, 0]);
    attrsChanged(svg.select('circle.origin'), { cx: o[0], cy: o[1] });

    // A grid line every half unit shows that both axes use the same scale.
    const ticks = (a, b) => Array.from({ length: Math.floor(b * 2) - Math.ceil(a * 2) + 1 }, (_, i) => (Math.ceil(a * 2) + i) / 2);
    const lines = [...ticks(x0, x1).map((x) => [px([x, y0]), px([x, y1])]), ...ticks(y0, y1).map((y) => [px([x0, y]), px([x1, y])])];
    attrChanged(grid.selectAll('path').data(lines).join('path'), 'd', (d) => path(d));

    const arc = arcUnits.map(px);
    attrChanged(fan, 'd', `${path([o, ...arc])}Z`);
    attrChanged(hull, 'd', v.hull.length ? `${path(v.hull.map((j) => px(v.arrows[j])))}Z` : null);

    const top = argMax(v.alpha);
    const arrows = arrowLayer.selectAll('g.arrow').data(v.arrows).join((enter) => {
      const g = enter.append('g').attr('class', 'arrow');
      g.append('line');
      g.append('path');
      g.append('text').attr('class', 'tip-name').attr('text-anchor', 'middle');
      g.append('text').attr('class', 'tip-alpha').attr('text-anchor', 'middle');
      return g;
    });
    const thickness = (j) => 1 + 7 * (v.alpha[j] ?? 0);
    classChanged(arrows, 'is-max', (_, j) => j === top);
    attrsChanged(arrows.select('line'), {
      x1: o[0], y1: o[1], x2: (a) => px(a)[0], y2: (a) => px(a)[1], 'stroke-width': (_, j) => thickness(j),
    });
    attrChanged(arrows.select('path'), 'd', (a, j) => arrowHead(o, px(a), 3 + thickness(j) / 2));
    // Labels sit just beyond each tip, anchored on the side the arrow points to.
    const dir = ([x, y]) => [x / Math.hypot(x, y), -y / Math.hypot(x, y)]; // on screen, y down
    const anchorAt = (a) => [px(a)[0] + dir(a)[0] * 10, px(a)[1] + dir(a)[1] * 10];
    const side = (a) => (dir(a)[0] > 0.3 ? 'start' : dir(a)[0] < -0.3 ? 'end' : 'middle');
    const up = (a) => (dir(a)[1] < -0.5 ? -12 : 0); // a steep arrow: both lines above its tip
    const names = arrows.select('.tip-name');
    attrsChanged(names, { 'text-anchor': side, x: (a) => anchorAt(a)[0], y: (a) => anchorAt(a)[1] - 4 + up(a) });
    writeIndexed(names, (_, j) => ['h', String(j + 1), ` ${v.src[j] ?? ''}`]);
    const weights = arrows.select('.tip-alpha');
    attrsChanged(weights, { 'text-anchor': side, x: (a) => anchorAt(a)[0], y: (a) => anchorAt(a)[1] + 10 + up(a) });
    textChanged(weights, (_, j) => `α ${fixed2(v.alpha[j])}`);

    const c = px(v.c);
    attrsChanged(cArrow.select('line'), { x1: o[0], y1: o[1], x2: c[0], y2: c[1] });
    attrChanged(cArrow.select('path'), 'd', arrowHead(o, c, 6));
    // 「c」 just beyond its tip, along the arrow (clear of the shaft).
    const cLen = Math.hypot(c[0] - o[0], c[1] - o[1]) || 1;
    attrsChanged(cLabel, { x: c[0] + ((c[0] - o[0]) / cLen) * 14, y: c[1] + ((c[1] - o[1]) / cLen) * 14, 'text-anchor': 'middle', dy: '0.35em' });
    textChanged(cLabel, 'c');

    const verdict = v.insideFan && v.insideHull ? '在扇形内，也在虚线框内' : '不在扇形内（不应发生）';
    writeText(readout, `α 是「${v.target}」的注意力：${v.src.map((s, j) => `${s} ${fixed2(v.alpha[j])}`).join(' · ')}。`
      + `c = (${fixed2(v.c[0])}, ${fixed2(v.c[1])})，${verdict}。`);
    host?.describe(`五支箭 h₁…h₅ 按「${v.target}」的权重 α 合成橙色箭 c = (${fixed2(v.c[0])}, ${fixed2(v.c[1])})；`
      + `α 最大的是 h${SUB[top] ?? ''}「${v.src[top] ?? ''}」（${fixed2(v.alpha[top])}），c 偏向它；c ${verdict}。`);
  }

  return coreDrawnFigure(core, 'mix', { draw, readWidth: () => { width = el.clientWidth; }, svg: () => svg.node() });
}
