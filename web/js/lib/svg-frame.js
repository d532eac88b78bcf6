// An SVG in a figure, the way every chart of this page holds one: a .chart wrapper, a
// .chart-scroll box (a drawing wider than the slot scrolls inside it, never widening the page)
// and the <svg> itself, labelled for screen readers. size(w, h) touches the attributes only
// when the size changed, so a redraw at the same size stays cheap.
import { select } from 'd3-selection';

export function svgFrame(container, { className = '', ariaLabel = '' } = {}) {
  const root = select(container).append('div').attr('class', `chart ${className}`);
  const scroller = root.append('div').attr('class', 'chart-scroll');
  const svg = scroller.append('svg')
    .attr('xmlns', 'http://www.w3.org/2000/svg')
    .attr('role', 'img')
    .attr('aria-label', ariaLabel);
  let key = '';
  return {
    root,
    svg,
    // `available` is the width the slot offers: a wider drawing makes the box scroll (and
    // keyboard-scrollable, so it needs a tab stop and a name).
    size(width, height, available = width) {
      const next = `${width}x${height}/${available}`;
      if (next === key) return;
      key = next;
      svg.attr('width', width).attr('height', height).attr('viewBox', `0 0 ${width} ${height}`);
      const scrolls = width > available + 0.5;
      scroller.attr('tabindex', scrolls ? 0 : null).attr('role', scrolls ? 'region' : null)
        .attr('aria-label', scrolls ? '图表（可左右滚动）' : null);
    },
  };
}

// 0.4631… → "0.46"; the page prints every weight and score to two decimals, as the text does.
export const fixed2 = (value) => (Number.isFinite(value) ? value.toFixed(2) : '–');

// Index of the largest entry (which word a row of weights favours); -1 for an empty row.
export function argMax(values) {
  let best = -1;
  for (let i = 0; i < values.length; i += 1) if (best < 0 || values[i] > values[best]) best = i;
  return best;
}

