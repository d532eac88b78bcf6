// Figure `cost` (§5 省下的那部分代价去哪了): a fixed-vector decoder reads c once per generated
// word (m reads, the column on the left); attention compares every target step i with every
// source position j (the m × n grid, one row per generated word, as the core fills it). Below:
// the training-time view, where teacher forcing makes the whole grid one [m, n] matrix product.
// Data: {m, n, hidden, fixed_vector_reads, comparisons, grid (matrix: cell (t, j) holds the step that computes it),
//        inference: {calls, each: {left, right}, multiply_adds}, training: {calls, left, right, shape, multiply_adds}}.
import { select } from 'd3-selection';
import { format } from 'd3-format';
import { element } from '../lib/dom.js';
import { coreDrawnFigure } from '../lib/figure-handle.js';
import { attrChanged, attrsChanged, textChanged, writeText } from '../lib/write-changed.js';

const GAP = 30;          // px between the 「读 c」 column and the grid
const TOP = 40;          // px above the cells for the titles
const BOTTOM = 26;       // px below for the shape label
const MAX_CELL = 28;
const MIN_CELL = 4;
const MAX_GRID_H = 330;  // px: a 50-row grid stays on one screen
const thousands = format(',');
// 「[5, 512]」 with a no-break space, so a shape never wraps inside its brackets.
const shape = (s) => `[${Array.from(s ?? [], (x) => thousands(x)).join(',\u00a0')}]`;

function readData(result) {
  const data = result?.data ?? {};
  return {
    m: Number(data.m), n: Number(data.n), hidden: Number(data.hidden),
    reads: Number(data.fixed_vector_reads), comparisons: Number(data.comparisons),
    rows: Number(data.grid?.rows), cols: Number(data.grid?.cols), stepOfCell: Array.from(data.grid?.data ?? []),
    inference: data.inference ?? {}, training: data.training ?? {},
  };
}

export function mount(el, core, initialState, host) {
  const counts = el.appendChild(element('div', { class: 'cost-counts' }));
  const count = (cls, before, after) => {
    const p = counts.appendChild(element('p', { class: `cost-count ${cls}` }));
    p.append(element('span', { class: 'count-label' }, before));
    const value = p.appendChild(element('strong', { class: 'count-value' }));
    const rest = p.appendChild(element('span', { class: 'count-unit' }, after));
    return { value, rest };
  };
  const readCount = count('is-fixed', '固定向量：读 c', ' 次');
  const compareCount = count('is-attention', '注意力：比对', ' 次');

  const root = select(el).append('div').attr('class', 'chart cost');
  const svg = root.append('svg').attr('xmlns', 'http://www.w3.org/2000/svg').attr('role', 'img')
    .attr('aria-label', '左列：固定向量每步读一次 c；右边网格：注意力每一步和每个源位置比对一次');
  const readTitle = svg.append('text').attr('class', 'column-title').attr('y', 16).attr('text-anchor', 'middle').text('读 c');
  const gridTitle = svg.append('text').attr('class', 'column-title').attr('y', 16);
  const gridAxis = svg.append('text').attr('class', 'axis-note').attr('y', 32);
  const readLayer = svg.append('g').attr('class', 'reads');
  const cellLayer = svg.append('g').attr('class', 'cells');
  const dividerLayer = svg.append('g').attr('class', 'dividers');
  const shapeLabel = svg.append('text').attr('class', 'shape-label');
  const training = el.appendChild(element('p', { class: 'cost-note is-training' }));
  const inference = el.appendChild(element('p', { class: 'cost-note is-inference' }));
  let width = el.clientWidth;

  function draw(result) {
    const v = readData(result);
    const fit = Math.floor((width - GAP) / (v.cols + 1));
    const cell = Math.max(MIN_CELL, Math.min(MAX_CELL, fit, Math.floor(MAX_GRID_H / v.rows)));
    const inset = cell >= 10 ? 1.5 : cell >= 6 ? 0.5 : 0.25;
    const gridX = cell + GAP;
    const height = TOP + v.rows * cell + BOTTOM;
    attrsChanged(svg, { width, height, viewBox: `0 0 ${width} ${height}` });
    attrChanged(readTitle, 'x', Math.max(cell / 2, 12)); // 「读 c」 is wider than a small cell: keep it inside
    attrChanged(gridTitle, 'x', gridX);
    textChanged(gridTitle, `比对 ${v.rows} × ${v.cols} 格`);
    attrChanged(gridAxis, 'x', gridX);
    textChanged(gridAxis, '行 = 译文第 i 步，列 = 源词 j');

    attrsChanged(readLayer.selectAll('rect').data(Array.from({ length: v.rows }, (_, r) => r + 1))
      .join((enter) => enter.append('rect').attr('class', 'read-c')), {
      x: inset, y: (_, r) => TOP + r * cell + inset, width: cell - 2 * inset, height: cell - 2 * inset,
    });
    // A row per decoding step (the step the core gives its cells), cut into n cells by dividers
    // drawn in the background colour: m + n marks instead of m × n keeps a 50 × 50 redraw cheap.
    const rowSteps = Array.from({ length: v.rows }, (_, r) => v.stepOfCell[r * v.cols]);
    attrsChanged(cellLayer.selectAll('rect').data(rowSteps).join('rect'), {
      class: (step) => (step % 2 ? 'step-row is-odd-step' : 'step-row is-even-step'),
      x: gridX, y: (_, r) => TOP + r * cell + inset, width: v.cols * cell, height: cell - 2 * inset,
    });
    attrChanged(dividerLayer, 'stroke-width', 2 * inset);
    attrsChanged(dividerLayer.selectAll('line').data(Array.from({ length: v.cols + 1 }, (_, c) => c)).join('line'), {
      x1: (c) => gridX + c * cell, x2: (c) => gridX + c * cell, y1: TOP, y2: TOP + v.rows * cell,
    });
    attrsChanged(shapeLabel, { x: gridX, y: TOP + v.rows * cell + 18 });
    textChanged(shapeLabel, `整块 = 训练时一次算出的 ${shape(v.training.shape)} 分数矩阵`);

    writeText(readCount.value, thousands(v.reads));
    writeText(readCount.rest, ' 次（m）');
    writeText(compareCount.value, thousands(v.comparisons));
    writeText(compareCount.rest, ` 次（m × n = ${v.m}\u00a0×\u00a0${v.n}）`);
    const t = v.training;
    const inf = v.inference;
    writeText(training, `训练时（teacher forcing）：整句正确译文一起喂进去，${thousands(v.comparisons)} 次比对攒成 ${thousands(t.calls)} 次矩阵乘 `
      + `${shape(t.left)} × ${shape(t.right)} → ${shape(t.shape)}，乘加 ${thousands(t.multiply_adds)} 次（h = ${v.hidden}）。`);
    writeText(inference, `推理时：每写出一个词才能算下一次注意力，${thousands(inf.calls)} 次 ${shape(inf.each?.left)} × ${shape(inf.each?.right)}，`
      + `乘加合计 ${thousands(inf.multiply_adds)} 次——算的量一样，差在能不能一次算完。`);
    host?.describe(`m = ${v.m}，n = ${v.n}：固定向量读 c ${v.reads} 次；注意力比对 ${v.comparisons} 次；`
      + `训练时合成 1 次 ${shape(t.shape)} 矩阵乘，乘加 ${thousands(t.multiply_adds)} 次。`);
  }

  return coreDrawnFigure(core, 'cost', { draw, readWidth: () => { width = el.clientWidth; }, svg: () => svg.node() });
}
