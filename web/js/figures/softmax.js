// Figure `softmax` (§3 看不明白 softmax？, inside a <details> that starts closed): five numbers
// x_1…x_5 — typed into boxes or dragged as bars — and the five weights softmax makes of them,
// with their sum as the core returns it (1). The figure draws its own controls (the boxes line
// up with the bars), so it measures its width when the box is opened, not at load.
// Data: {x, weights, sum}.
import { scaleLinear } from 'd3-scale';
import { pointer } from 'd3-selection';
import { svgFrame, fixed2 } from '../lib/svg-frame.js';
import { element } from '../lib/dom.js';
import { attrChanged, attrsChanged, textChanged } from '../lib/write-changed.js';
import { numbers } from '../lib/numbers.js';

export const ownControls = ['x1', 'x2', 'x3', 'x4', 'x5'];
const SUB = ['₁', '₂', '₃', '₄', '₅'];
const TITLE_H = 22;     // px: the line above each row of bars
const X_H = 130;        // px: the input bars (−5 … 5, zero in the middle)
const W_H = 120;        // px: the weight bars (0 … 1)
const SUM_H = 30;

// "1" for a sum that is 1 to twelve digits: the core's own number, not rounded to look nice.
const formatSum = (s) => String(Number(Number(s).toPrecision(12)));

function readData(result) {
  const data = result?.data ?? {};
  return { x: numbers(data.x), weights: numbers(data.weights), sum: Number(data.sum) };
}

// The five number boxes, one per column, wrapped as a linked control (data-term) of the chapter.
function numberInputs(el, host, specs, onValue) {
  const term = specs[0]?.term;
  const box = el.appendChild(element('fieldset', { class: 'control softmax-inputs', 'data-term': term || null, 'data-kind': '输入框' }));
  box.append(element('legend', { class: 'control-label' }, '五个数（改数字，或上下拖下面的柱子）'));
  const grid = box.appendChild(element('div', { class: 'softmax-input-grid' }));
  return specs.map((spec, j) => {
    const id = `${host?.instanceId ?? 'softmax'}-${spec.name}`;
    const cell = grid.appendChild(element('label', { class: 'softmax-input', for: id }));
    const name = cell.appendChild(element('span', { class: 'softmax-input-name' }, 'x'));
    name.append(element('sub', {}, String(j + 1)));
    const input = cell.appendChild(element('input', {
      type: 'number', id, min: spec.min, max: spec.max, step: spec.step, inputmode: 'decimal', 'aria-label': spec.label,
    }));
    input.addEventListener('input', () => {
      if (Number.isFinite(input.valueAsNumber)) onValue(spec, input.valueAsNumber);
    });
    // Leaving the box shows the number in force (a typed 7 was clamped to 5, a lone "-" ignored).
    input.addEventListener('change', () => {
      const current = host?.params?.[spec.name];
      if (Number.isFinite(current)) input.value = String(current);
    });
    return input;
  });
}

export function mount(el, core, initialState, host) {
  const specs = ownControls.map((name) => host?.spec?.params?.find((p) => p.name === name) ?? { name, min: -5, max: 5, step: 0.1, label: name });
  const clampToSpec = (spec, value) => {
    const stepped = Math.round(value / spec.step) * spec.step;
    return Number(Math.min(spec.max, Math.max(spec.min, stepped)).toFixed(6));
  };
  const setValue = (spec, value) => host?.setParams({ [spec.name]: clampToSpec(spec, value) });
  const inputs = numberInputs(el, host, specs, setValue);
  const frame = svgFrame(el, { className: 'softmax', ariaLabel: '五个数与 softmax 给出的五个权重' });
  const { svg } = frame;
  const xTitle = svg.append('text').attr('class', 'row-title').attr('y', 15).text('输入 x（可正可负）');
  const zeroLine = svg.append('line').attr('class', 'zero');
  const xLayer = svg.append('g').attr('class', 'x-bars');
  const wTitle = svg.append('text').attr('class', 'row-title').attr('y', TITLE_H + X_H + 22).text('softmax 之后的权重 α（全是正数）');
  const wLayer = svg.append('g').attr('class', 'w-bars');
  const sumText = svg.append('text').attr('class', 'sum').attr('text-anchor', 'middle');
  const xScale = scaleLinear().domain([specs[0].min, specs[0].max]).range([TITLE_H + X_H - 6, TITLE_H + 6]);
  const wTop = 2 * TITLE_H + X_H + 16;
  const wScale = scaleLinear().domain([0, 1]).range([wTop + W_H - 18, wTop + 14]);
  let width = 0;
  let last = null;

  // Dragging a column sets its number from the pointer's height (touch too: touch-action none).
  let dragging = null;
  const fromPointer = (event) => xScale.invert(pointer(event, svg.node())[1]);
  xLayer.on('pointerdown', (event) => {
    const column = event.target.closest('g.column');
    if (!column) return;
    dragging = specs[Number(column.dataset.index)];
    event.target.setPointerCapture?.(event.pointerId);
    setValue(dragging, fromPointer(event));
  }).on('pointermove', (event) => {
    if (dragging) setValue(dragging, fromPointer(event));
  }).on('pointerup pointercancel', () => {
    dragging = null;
  });

  function draw(result) {
    const v = readData(result);
    v.x.forEach((value, j) => {
      if (inputs[j] && document.activeElement !== inputs[j]) inputs[j].value = String(value);
    });
    host?.describe(`输入 ${v.x.map((x, j) => `x${SUB[j]} = ${x}`).join('，')}；softmax 后权重 ${v.weights.map(fixed2).join('、')}，加起来 = ${formatSum(v.sum)}。`);
    if (width <= 0) return; // inside the closed <details>: drawn when it opens
    const col = width / Math.max(1, v.x.length);
    const barW = Math.min(44, col * 0.55);
    const height = wTop + W_H + SUM_H;
    frame.size(width, height, width);
    const zero = xScale(0);
    attrsChanged(zeroLine, { x1: 0, x2: width, y1: zero, y2: zero });
    const columns = xLayer.selectAll('g.column').data(v.x).join((enter) => {
      const g = enter.append('g').attr('class', 'column');
      g.append('rect').attr('class', 'hit');
      g.append('rect').attr('class', 'bar');
      g.append('line').attr('class', 'handle');
      g.append('text').attr('class', 'value').attr('text-anchor', 'middle');
      return g;
    });
    attrChanged(columns, 'data-index', (_, j) => j);
    attrsChanged(columns.select('.hit'), { x: (_, j) => j * col, width: col, y: TITLE_H, height: X_H });
    attrsChanged(columns.select('.bar'), {
      x: (_, j) => (j + 0.5) * col - barW / 2, width: barW, y: (x) => Math.min(zero, xScale(x)), height: (x) => Math.abs(xScale(x) - zero),
    });
    attrsChanged(columns.select('.handle'), {
      x1: (_, j) => (j + 0.5) * col - barW / 2 - 4, x2: (_, j) => (j + 0.5) * col + barW / 2 + 4, y1: (x) => xScale(x), y2: (x) => xScale(x),
    });
    const xValues = columns.select('.value');
    attrsChanged(xValues, { x: (_, j) => (j + 0.5) * col, y: (x) => (x >= 0 ? xScale(x) - 6 : xScale(x) + 15) });
    textChanged(xValues, (x) => x.toFixed(1));

    const bars = wLayer.selectAll('g.weight').data(v.weights).join((enter) => {
      const g = enter.append('g').attr('class', 'weight');
      g.append('rect').attr('class', 'bar');
      g.append('text').attr('class', 'value').attr('text-anchor', 'middle');
      return g;
    });
    attrsChanged(bars.select('rect'), { x: (_, j) => (j + 0.5) * col - barW / 2, width: barW, y: (w) => wScale(w), height: (w) => wScale(0) - wScale(w) });
    const wValues = bars.select('text');
    attrsChanged(wValues, { x: (_, j) => (j + 0.5) * col, y: (w) => wScale(w) - 4, 'data-index': (_, j) => j });
    textChanged(wValues, fixed2);
    attrChanged(xTitle, 'x', 0);
    attrChanged(wTitle, 'x', 0);
    attrsChanged(sumText, { x: width / 2, y: height - 8 });
    textChanged(sumText, `五个权重加起来 = ${formatSum(v.sum)}`);
  }

  const measure = () => {
    width = el.clientWidth;
    if (last) draw(last);
  };
  el.closest('details')?.addEventListener('toggle', measure);

  return {
    update(params) {
      last = core.figure('softmax', params);
      if (!width) width = el.clientWidth;
      draw(last);
      return last;
    },
    resize: measure,
    svg: () => svg.node(),
  };
}
