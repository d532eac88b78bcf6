// One learned alignment drawn as a heatmap (web/js/lib/heatmap.js): rows are the words the model
// wrote, then its end step; columns the source words; the colour scale under it and a hidden
// table of the same numbers. Used by figure2's panel and by the learned map beside `scorers`.
import { select } from 'd3-selection';
import { element } from '../../lib/dom.js';
import { argMax, fixed2 } from '../../lib/svg-frame.js';
import { heatmap, colourScale, HEAD_H, ROW_LABEL_W } from '../../lib/heatmap.js';
import { matrixRows } from '../../lib/matrix.js';

export const SHADE_MAX = 0.6;  // as in figure `scorers`: weights at or above this are drawn fully dark
const MAX_CELL = 56;
const SCALE_H = 44; // px below the cells: the colour scale
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
function alignmentSummary(a) {
  const m = alignmentMap(a);
  return m.rowLabels.map((w, i) => `${w} → ${m.colLabels[m.argmax[i]] ?? ''}（${fixed2(m.values[i * m.cols + m.argmax[i]])}）`).join('，');
}

// The side of a cell (px) for `cols` source words in `width`.
const cellSize = (cols, width, maxCell) => Math.max(24, Math.min(maxCell, Math.floor((Math.max(260, width) - ROW_LABEL_W - 4) / Math.max(1, cols))));

// The height (px) a map of `sourceWords` will take before it is computed: a row per word and one
// for the end step, as a translation of the same length has. A panel keeps this much room while
// it loads, so that nothing below moves when the map comes (the trained model's translation of
// the chapter's sentence has that length; another length moves what is below by a row).
export function expectedMapHeight(sourceWords, width, maxCell = MAX_CELL) {
  return HEAD_H + (sourceWords + 1) * cellSize(sourceWords, width, maxCell) + SCALE_H;
}

// Keeps that room under a panel's status line (`message`) while its map loads; null gives it back
// (the map is drawn, or failed). The line's own spacing and frame are inside the room (figure2.css).
export function keepMapRoom(message, height) {
  message.style.minHeight = height === null ? '' : `${height}px`;
  message.classList.toggle('is-keeping-room', height !== null);
}

// On paper only (print.css), while the panel `box` still waits for its map: why the map is not
// there, and how to print it. A print also starts the loading (whenNearViewport, lib/dom.js), but
// the page is printed as it stands when the reader asks.
export function printNote(box) {
  box.append(element('p', { class: 'figure2-align-print-note print-only' },
    '打印版缺这张对齐图：在网页上滚动到这里，它才载入训练好的权重并当场计算。先在网页上看过这里，再打印，就会印出来。'));
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
    const size = map.draw(m, cellSize(m.cols, width, maxCell), text);
    scale.g.attr('transform', `translate(0,${size.height + 16})`);
    scale.draw(Math.min(size.width, 300), SHADE_MAX, '权重 α：');
    const w = Math.max(size.width, 300);
    const h = size.height + SCALE_H;
    svg.attr('width', w).attr('height', h).attr('viewBox', `0 0 ${w} ${h}`);
    // The map's text alternative says what it shows, word by word. It is the map's own, not the
    // figure's description under it: that paragraph would grow when the map comes, and move what
    // is below it as the reader scrolls past.
    svg.attr('aria-label', `${ariaLabel}。每个写出的词最看重的原文词：${alignmentSummary(a)}。`);
  }

  return { draw, svg: () => svg.node() };
}
