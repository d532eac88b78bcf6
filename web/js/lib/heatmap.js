// A small heatmap of weights (rows × cols, e.g. target words × source words) in SVG, with the
// colour scale beside it and a visually hidden table of the same numbers for screen readers.
// Shading is the cell's fill-opacity over the panel's own background, so light and dark mode
// both read "darker/stronger = more weight" without a second palette.
import { select } from 'd3-selection';
import { fixed2 } from './svg-frame.js';
import { debounce, element } from './dom.js';
import { whenIdle } from './next-task.js';
import { attrChanged, attrsChanged, classChanged, textChanged } from './write-changed.js';

// The hidden table is written at the first draw and then once the moves pause: a screen reader
// reads it when the reader goes to it, never in the frame of a move. Written in the move, its
// cells were laid out in that frame (about 1 ms of each of scorers' seed moves at the median);
// written in the idle time between the frames of a drag, in the next move's frame all the same.
const TABLE_AFTER_MS = 250; // after the last draw, then in idle time

export const ROW_LABEL_W = 76;  // px: 「yesterday」
export const COL_LABEL_H = 24;  // px: the source words above the cells
export const HEAD_H = 42 + COL_LABEL_H; // px above the cells: title, subtitle, column labels

// parent: a d3 selection (an <svg> or <g>); tableHost: the element the hidden table goes into.
// corner: the hidden table's first header cell, naming the row labels' column (an empty <th>
// is a header without a name for a screen reader).
export function heatmap(parent, tableHost, { className = '', caption = '', corner = '译文词 \\ 原文词' } = {}) {
  const g = parent.append('g').attr('class', `heatmap ${className}`);
  const title = g.append('text').attr('class', 'heatmap-title').attr('y', 14);
  const sub = g.append('text').attr('class', 'heatmap-sub').attr('y', 32);
  const body = g.append('g').attr('class', 'heatmap-body');
  // A div hides it: a <table> ignores the 1 px box of .visually-hidden and would widen the page.
  const hidden = tableHost.appendChild(element('div', { class: 'visually-hidden' }));
  const table = select(hidden).append('table');
  table.append('caption').text(caption);
  const head = table.append('thead').append('tr');
  const tbody = table.append('tbody');
  const top = HEAD_H;

  function writeTable(map, cells) {
    textChanged(head.selectAll('th').data([corner, ...map.colLabels]).join((enter) => enter.append('th').attr('scope', 'col')), (t) => t);
    const rows = tbody.selectAll('tr').data(map.rowLabels).join((enter) => {
      const tr = enter.append('tr');
      tr.append('th').attr('scope', 'row');
      return tr;
    });
    textChanged(rows.select('th'), (t) => t);
    textChanged(rows.selectAll('td').data((_, i) => cells.filter((c) => c.i === i)).join('td'),
      (c) => `${fixed2(c.v)}${map.argmax[c.i] === c.j ? '（最大）' : ''}`);
  }
  const writeTableLater = debounce((map, cells) => whenIdle(() => writeTable(map, cells)), TABLE_AFTER_MS);
  let tableWritten = false;
  function updateTable(map, cells) {
    if (tableWritten) {
      writeTableLater(map, cells);
      return;
    }
    tableWritten = true;
    writeTable(map, cells);
  }

  // map: {rows, cols, values (row-major), rowLabels, colLabels, argmax (per row), max (colour
  // scale's top)}; cell: px. Returns the panel's size.
  // Moving a control mostly changes the weights, not the words or the cell size: only what
  // differs is written (write-changed.js), so the labels and positions are not laid out again.
  function draw(map, cell, { titleText, subText }) {
    textChanged(title, titleText);
    textChanged(sub, subText);
    const cells = [];
    for (let i = 0; i < map.rows; i += 1) for (let j = 0; j < map.cols; j += 1) cells.push({ i, j, v: map.values[i * map.cols + j] });
    const share = (v) => Math.min(1, Math.max(0, v / map.max));
    const showValues = cell >= 34;
    const marks = body.selectAll('g.cell').data(cells).join((enter) => {
      const c = enter.append('g').attr('class', 'cell');
      c.append('rect');
      c.append('text').attr('text-anchor', 'middle').attr('dy', '0.35em');
      return c;
    });
    attrsChanged(marks, {
      transform: (d) => `translate(${ROW_LABEL_W + d.j * cell},${top + d.i * cell})`,
      'data-row': (d) => d.i,
      'data-col': (d) => d.j,
    });
    classChanged(marks, 'is-argmax', (d) => map.argmax[d.i] === d.j);
    classChanged(marks, 'is-strong', (d) => share(d.v) > 0.55);
    const rects = marks.select('rect');
    attrsChanged(rects, { width: cell - 2, height: cell - 2, 'fill-opacity': (d) => share(d.v) });
    const values = marks.select('text');
    attrsChanged(values, { x: cell / 2 - 1, y: cell / 2 - 1 });
    textChanged(values, (d) => (showValues ? fixed2(d.v) : ''));
    const rowLabels = body.selectAll('text.row-label').data(map.rowLabels).join((enter) => enter.append('text')
      .attr('class', 'row-label').attr('dy', '0.35em').attr('text-anchor', 'end'));
    attrsChanged(rowLabels, { x: ROW_LABEL_W - 8, y: (_, i) => top + i * cell + cell / 2 });
    textChanged(rowLabels, (t) => t);
    const colLabels = body.selectAll('text.col-label').data(map.colLabels).join((enter) => enter.append('text')
      .attr('class', 'col-label').attr('text-anchor', 'middle'));
    attrsChanged(colLabels, { x: (_, j) => ROW_LABEL_W + j * cell + cell / 2 - 1, y: top - 8 });
    textChanged(colLabels, (t) => t);

    updateTable(map, cells);
    return { width: ROW_LABEL_W + map.cols * cell, height: top + map.rows * cell };
  }

  return { g, draw };
}

// The colour scale: a bar shaded like the cells, from 0 to `max`, labelled at both ends.
export function colourScale(parent, gradientId) {
  const g = parent.append('g').attr('class', 'colour-scale');
  const gradient = g.append('defs').append('linearGradient').attr('id', gradientId);
  gradient.selectAll('stop').data([0, 1]).join('stop').attr('offset', (d) => d).attr('stop-opacity', (d) => d);
  g.append('rect').attr('class', 'scale-bar').attr('fill', `url(#${gradientId})`).attr('height', 10);
  g.append('rect').attr('class', 'scale-frame').attr('height', 10);
  const labels = g.selectAll('text').data([0, 1]).join('text').attr('y', 24);
  const caption = g.append('text').attr('class', 'scale-caption').attr('y', 8);
  return {
    g,
    draw(width, max, text) {
      const captionW = 64;
      const rects = g.selectAll('rect');
      attrsChanged(rects, { x: captionW, width: Math.max(40, width - captionW) });
      attrChanged(caption, 'x', 0);
      textChanged(caption, text);
      attrsChanged(labels, { x: (d) => captionW + d * Math.max(40, width - captionW), 'text-anchor': (d) => (d ? 'end' : 'start') });
      textChanged(labels, (d) => (d ? `${max} 及以上` : '0'));
    },
  };
}
