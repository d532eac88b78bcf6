// Figure `scorers` (§3 互动 · 同一例子，两种打分器各画一张对齐图): two alignment maps, rows =
// English target words, cols = Chinese source words. Left: Luong's dot score (no parameters).
// Right: Bahdanau's additive scorer after `step` real SGD steps toward the left map (the core
// trains the 500 steps once and caches them). Below: the TV distance of the two maps over the
// steps, with the current step marked; clicking or dragging on it scrubs the step too.
// Under them, for contrast, the alignment a really trained RNNsearch learned for the same
// sentence (figure2's build-time weights, fetched only when that panel nears the viewport).
// Data: {src, tgt, dot_map, additive_map (matrices: rows = tgt, cols = src), dot_argmax, additive_argmax,
//        step, tv_now, tv, loss, params_dot, params_additive, attn_dim,
//        claims: {tv_about_half: {holds, value, low, high, across}}} (lib/claim-note.js).
import { scaleLinear } from 'd3-scale';
import { axisBottom, axisLeft } from 'd3-axis';
import { line } from 'd3-shape';
import { pointer } from 'd3-selection';
import { svgFrame, fixed2 } from '../lib/svg-frame.js';
import { heatmap, colourScale, ROW_LABEL_W } from '../lib/heatmap.js';
import { element } from '../lib/dom.js';
import { learnedAlignment } from './figure2/learned-alignment.js';
import { coreDrawnFigure } from '../lib/figure-handle.js';
import { matrixValues } from '../lib/matrix.js';
import { numbers } from '../lib/numbers.js';
import { panelsStacked } from '../lib/panels.js';
import { attrChanged, attrsChanged, writeText } from '../lib/write-changed.js';
import { redrawWhenChanged } from '../lib/redraw-when-changed.js';
import { claimNote } from '../lib/claim-note.js';

const SIDE_BY_SIDE = 600;  // px: below this the two maps stack (when the page's CSS does not decide)
const GAP = 28;
const MAX_CELL = 52;
const SHADE_MAX = 0.6;     // weights at or above this are drawn fully dark
const TV_H = 180;          // px: TV 0–1 over 132 px, so 0.05 stands 7 px clear of 0
const TV_MARGIN = { top: 22, right: 14, bottom: 26, left: 40 };
const TV_INNER_H = TV_H - TV_MARGIN.top - TV_MARGIN.bottom;
const GOOD_TV = 0.05;      // the text's 「掉到 0.05 以下就基本学会了」
// TV's whole range, the same at every seed and pair: a seed whose scorer starts at 0.24 draws its
// curve from lower down than one at 0.5, as the claim's note says (an axis fitted to each curve
// started every curve at the top).
const TV_TICKS = [0, 0.25, 0.5, 0.75, 1];

function readData(result) {
  const data = result?.data ?? {};
  const dot = matrixValues(data.dot_map);
  return {
    src: Array.from(data.src ?? [], String), tgt: Array.from(data.tgt ?? [], String),
    rows: dot.rows, cols: dot.cols, dot: dot.values, additive: matrixValues(data.additive_map).values,
    dotArgmax: numbers(data.dot_argmax), additiveArgmax: numbers(data.additive_argmax),
    step: Number(data.step), tvNow: Number(data.tv_now), tv: numbers(data.tv),
    paramsDot: Number(data.params_dot), paramsAdditive: Number(data.params_additive),
    tvClaim: data.claims?.tv_about_half ?? null,
  };
}

// 「TV 从 0.5 左右」: said when this seed starts elsewhere, with the spread over seeds 1–100.
const tvClaimNote = {
  format: fixed2,
  here: (claim) => `这个种子下，第 0 步的 TV 是 ${fixed2(claim.value)}，不是正文说的「0.5 左右」。`,
  across: (claim, a) => `${a.seeds} 各算一遍：第 0 步的 TV 在 ${a.range} 之间，中位数 ${a.median}；${a.count} 个里有 ${a.holding} 个落在 ${fixed2(claim.low)}–${fixed2(claim.high)}。`,
};

const pairs = (v, argmax) => v.tgt.map((t, i) => `${t}→${v.src[argmax[i]] ?? ''}`).join('，');

export function mount(el, core, initialState, host) {
  const readout = el.appendChild(element('p', { class: 'figure-readout scorers-readout' }));
  const tvValue = readout.appendChild(element('strong', { class: 'tv-readout' }));
  const tvNote = readout.appendChild(element('span'));
  const frame = svgFrame(el, { className: 'scorers', ariaLabel: '两张对齐图：点积打分与加性打分；其后是两图的 TV 距离随训练步数的变化' });
  const claim = claimNote(frame.root.node()); // under the TV chart, whose curve starts at the TV it speaks of
  const { svg } = frame;
  const tables = el.appendChild(element('div', { class: 'scorers-tables' }));
  const left = heatmap(svg, tables, { className: 'is-dot', caption: 'Luong 点积打分的对齐权重（行 = 译文词，列 = 原文词）' });
  const right = heatmap(svg, tables, { className: 'is-additive', caption: 'Bahdanau 加性打分的对齐权重（当前训练步数）' });
  const scale = colourScale(svg, `scorers-scale-${host?.instanceId ?? 'x'}`);
  const learned = learnedAlignment(el, { base: document.baseURI, idPrefix: `scorers-learned-${host?.instanceId ?? 'x'}` });
  const tv = svg.append('g').attr('class', 'tv-chart');
  const tvTitle = tv.append('text').attr('class', 'tv-title').attr('y', -8).text('TV 距离（两图差多少）随训练步数');
  const tvX = scaleLinear();
  const tvY = scaleLinear().domain([0, 1]).range([TV_INNER_H, 0]);
  const xAxis = tv.append('g').attr('class', 'axis').attr('transform', `translate(0,${TV_INNER_H})`);
  // The TV axis and the 0.05 line depend on nothing a move or a width changes: drawn once.
  tv.append('g').attr('class', 'axis').call(axisLeft(tvY).tickValues(TV_TICKS).tickFormat(String).tickSizeOuter(0));
  const goal = tv.append('g').attr('class', 'tv-goal');
  goal.append('line').attr('y1', tvY(GOOD_TV)).attr('y2', tvY(GOOD_TV));
  goal.append('text').attr('text-anchor', 'end').attr('dy', '-0.35em').attr('y', tvY(GOOD_TV)).text(`${GOOD_TV}`);
  const curve = tv.append('path').attr('class', 'tv-curve');
  const marker = tv.append('g').attr('class', 'tv-marker');
  marker.append('line');
  marker.append('circle').attr('r', 4.5);
  const hit = tv.append('rect').attr('class', 'tv-hit');
  let width = el.clientWidth;
  let stacked = panelsStacked(el, width, SIDE_BY_SIDE);
  const redrawStepAxis = redrawWhenChanged();
  const redrawCurve = redrawWhenChanged();

  // Scrubbing on the TV chart: the step under the pointer.
  const stepSpec = host?.spec?.params?.find((p) => p.name === 'step') ?? { min: 0, max: 500 };
  let scrubbing = false;
  const scrub = (event) => {
    const step = Math.round(tvX.invert(pointer(event, tv.node())[0]));
    host?.setParams({ step: Math.min(stepSpec.max, Math.max(stepSpec.min, step)) });
  };
  hit.on('pointerdown', (event) => {
    scrubbing = true;
    event.target.setPointerCapture?.(event.pointerId);
    scrub(event);
  }).on('pointermove', (event) => scrubbing && scrub(event)).on('pointerup pointercancel', () => {
    scrubbing = false;
  });

  function drawTv(v, w, y0) {
    const innerW = w - TV_MARGIN.left - TV_MARGIN.right;
    attrChanged(tv, 'transform', `translate(${TV_MARGIN.left},${y0 + TV_MARGIN.top})`);
    tvX.domain([0, Math.max(1, v.tv.length - 1)]).range([0, innerW]);
    // Each part is rewritten only when what it depends on changes (redraw-when-changed.js says
    // why): the step axis and the hit area on the width, the curve on the pair, the seed and the
    // width. A seed redraws the curve alone; a step, nothing but the marker.
    const xKey = `${v.tv.length}:${innerW}`;
    redrawStepAxis(xKey, () => {
      xAxis.call(axisBottom(tvX).ticks(Math.min(5, Math.floor(innerW / 60))).tickSizeOuter(0));
      goal.select('line').attr('x1', 0).attr('x2', innerW);
      goal.select('text').attr('x', innerW);
      hit.attr('x', 0).attr('y', 0).attr('width', innerW).attr('height', TV_INNER_H);
    });
    // the curve: its values, on both scales
    redrawCurve(`${v.tv[0]}:${v.tv.at(-1)}:${xKey}`, () => {
      curve.attr('d', line().x((_, i) => tvX(i)).y((t) => tvY(t))(v.tv));
    });
    attrsChanged(marker.select('line'), { x1: tvX(v.step), x2: tvX(v.step), y1: 0, y2: TV_INNER_H });
    attrsChanged(marker.select('circle'), { cx: tvX(v.step), cy: tvY(v.tvNow) });
  }

  function draw(result) {
    const v = readData(result);
    const w = Math.max(260, width);
    const wide = !stacked;
    const panelW = wide ? (w - GAP) / 2 : w;
    const cell = Math.max(20, Math.min(MAX_CELL, Math.floor((panelW - ROW_LABEL_W - 4) / Math.max(1, v.cols))));
    const map = (values, argmax) => ({ rows: v.rows, cols: v.cols, values, argmax, rowLabels: v.tgt, colLabels: v.src, max: SHADE_MAX });
    const a = left.draw(map(v.dot, v.dotArgmax), cell, { titleText: 'Luong 点积 s·h', subText: `打分器参数：${v.paramsDot}` });
    right.draw(map(v.additive, v.additiveArgmax), cell, {
      titleText: 'Bahdanau 加性 v·tanh(W₁h + W₂s)', subText: `打分器参数：${v.paramsAdditive}（训练 ${v.step} 步后）`,
    });
    const rightX = wide ? panelW + GAP : 0;
    const rightY = wide ? 0 : a.height + 22;
    attrChanged(right.g, 'transform', `translate(${rightX},${rightY})`);
    const scaleY = rightY + a.height + 18;
    attrChanged(scale.g, 'transform', `translate(0,${scaleY})`);
    scale.draw(Math.min(w, 320), SHADE_MAX, '权重 α：');
    const tvY0 = scaleY + 40;
    frame.size(w, tvY0 + TV_H, width);
    drawTv(v, w, tvY0);

    learned.show(v.src);
    learned.resize(width);
    writeText(tvValue, `TV = ${fixed2(v.tvNow)}`);
    writeText(tvNote, `（训练第 ${v.step} 步；0 = 两图一样，1 = 完全不重叠；${v.tvNow < GOOD_TV ? '已低于 0.05：基本学会了' : '还没到 0.05'}）`);
    claim.show(v.tvClaim, tvClaimNote);
    host?.describe(`第 ${v.step} 步：TV = ${fixed2(v.tvNow)}。每个译文词最看重的原文词——点积：${pairs(v, v.dotArgmax)}；`
      + `加性：${pairs(v, v.additiveArgmax)}。`);
  }

  const readWidth = () => {
    width = el.clientWidth;
    stacked = panelsStacked(el, width, SIDE_BY_SIDE);
  };
  return coreDrawnFigure(core, 'scorers', { draw, readWidth, svg: () => svg.node() });
}
