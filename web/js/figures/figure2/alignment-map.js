// One learned alignment drawn as a heatmap (web/js/lib/heatmap.js): rows are the words the model
// wrote, then its end step; columns the source words; the colour scale under it and a hidden
// table of the same numbers. Used by figure2's panel and by the learned map beside `scorers`.
import { select } from 'd3-selection';
import { element } from '../../lib/dom.js';
import { argMax, fixed2 } from '../../lib/svg-frame.js';
import { heatmap, colourScale, ROW_LABEL_W } from '../../lib/heatmap.js';
import { matrixRows } from '../../lib/matrix.js';

export const SHADE_MAX = 0.6;  // as in figure `scorers`: weights at or above this are drawn fully dark
const MAX_CELL = 56;
const EOS = '（结束）';

// {source, output, weights: matrix} → the heatmap's map (one row per output step, the last the end).
export function alignmentMap(a) {
  const weights = matrixRows(a.weights);
  return {
    rows: weights.length, cols: a.source.length, values: weights.flat(),
    rowLabels: weights.map((_, i) => a.output[i] ?? EOS), colLabels: [...a.source],
    argmax: weights.map((row) => argMax(row)), max: SHADE_MAX,
  };
}

// "yesterday → 昨天（0.91）" for every written word (and the end step).
export function alignmentSummary(a) {
  const m = alignmentMap(a);
  return m.rowLabels.map((w, i) => `${w} → ${m.colLabels[m.argmax[i]] ?? ''}（${fixed2(m.values[i * m.cols + m.argmax[i]])}）`).join('，');
}

// options: {idPrefix (unique in the page), ariaLabel, caption, maxCell}
export function alignmentView(container, { idPrefix, ariaLabel, caption, maxCell = MAX_CELL }) {
  // Not a `.chart`: the tests take a figure's `.chart svg` to be its one main drawing, and this
  // map sits beside another figure's chart too (figure2.css gives it the same text styles).
  const holder = container.appendChild(element('div', { class: 'figure2-heatmap' }));
  const scroller = holder.appendChild(element('div', { class: 'chart-scroll' }));
  const svg = select(scroller).append('svg').attr('xmlns', 'http://www.w3.org/2000/svg').attr('role', 'img').attr('aria-label', ariaLabel);
  const tables = container.appendChild(element('div', { class: 'figure2-tables' }));
  const map = heatmap(svg, tables, { className: 'is-learned', caption });
  const scale = colourScale(svg, `${idPrefix}-scale`);

  // width: what the container offers; text: {titleText, subText}.
  function draw(a, width, text) {
    const m = alignmentMap(a);
    const cell = Math.max(24, Math.min(maxCell, Math.floor((Math.max(260, width) - ROW_LABEL_W - 4) / Math.max(1, m.cols))));
    const size = map.draw(m, cell, text);
    scale.g.attr('transform', `translate(0,${size.height + 16})`);
    scale.draw(Math.min(size.width, 300), SHADE_MAX, '权重 α：');
    const w = Math.max(size.width, 300);
    const h = size.height + 44;
    svg.attr('width', w).attr('height', h).attr('viewBox', `0 0 ${w} ${h}`);
  }

  return { draw, svg: () => svg.node() };
}
