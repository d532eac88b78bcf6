// A chart frame with a log₁₀ y axis, for gradient norms that span many orders of magnitude.
// One grid line per decade and labels 10ⁿ, so one grid step is always ×10. The SVG is sized in
// pixels from the measured width of its container (text stays legible on a phone); call
// layout(width) again on resize. Figures draw their marks into chart.plot.
import { select } from 'd3-selection';
import { scaleLog } from 'd3-scale';
import { axisLeft } from 'd3-axis';
import { writeSubscripted } from './subscripts.js';
import { redrawWhenChanged } from './redraw-when-changed.js';

const SUPERSCRIPT_DIGITS = { '-': '⁻', 0: '⁰', 1: '¹', 2: '²', 3: '³', 4: '⁴', 5: '⁵', 6: '⁶', 7: '⁷', 8: '⁸', 9: '⁹' };

// 1e-2 → "10⁻²"
export function formatDecade(value) {
  const exponent = Math.round(Math.log10(value));
  return `10${String(exponent).replace(/[-0-9]/g, (c) => SUPERSCRIPT_DIGITS[c])}`;
}

// 0.00123 → "1.2 × 10⁻³"; plain digits between 0.01 and 1000.
export function formatMagnitude(value) {
  if (!Number.isFinite(value)) return String(value);
  if (value === 0) return '0';
  const exponent = Math.floor(Math.log10(Math.abs(value)));
  if (exponent >= -2 && exponent < 3) return String(Number(value.toPrecision(2)));
  const mantissa = value / 10 ** exponent;
  return `${mantissa.toFixed(1)} × ${formatDecade(10 ** exponent)}`;
}

// The smallest whole-decade domain holding every finite positive value and `include`.
export function decadeDomain(values, include = [1e-3, 1e3], floor = 1e-30) {
  let lo = include[0];
  let hi = include[1];
  for (const v of values) {
    if (!(v > 0) || !Number.isFinite(v)) continue;
    if (v < lo) lo = Math.max(v, floor);
    if (v > hi) hi = v;
  }
  return [10 ** Math.floor(Math.log10(lo)), 10 ** Math.ceil(Math.log10(hi))];
}

// chart.clipped(selection) clips marks to the plot area (for lines that run off the bottom).
export class LogChart {
  // options: {className, height, margin: {top, right, bottom, left}, yLabel (w_j: lowered index), ariaLabel}
  constructor(container, options = {}) {
    this.options = { height: 300, margin: { top: 16, right: 16, bottom: 48, left: 52 }, ...options };
    this.root = select(container).append('div').attr('class', `chart ${this.options.className ?? ''}`);
    this.scroller = this.root.append('div').attr('class', 'chart-scroll');
    this.svg = this.scroller.append('svg')
      .attr('xmlns', 'http://www.w3.org/2000/svg')
      .attr('role', 'img')
      .attr('aria-label', this.options.ariaLabel ?? '');
    this.grid = this.svg.append('g').attr('class', 'grid');
    this.band = this.svg.append('g').attr('class', 'band');
    this.plot = this.svg.append('g').attr('class', 'plot');
    this.xAxis = this.svg.append('g').attr('class', 'axis axis-x');
    this.yAxis = this.svg.append('g').attr('class', 'axis axis-y');
    this.overlay = this.svg.append('g').attr('class', 'overlay');
    this.clipId = `chart-clip-${(LogChart.count = (LogChart.count ?? 0) + 1)}`;
    this.clipRect = this.svg.append('defs').append('clipPath').attr('id', this.clipId).append('rect');
    this.yLabel = this.svg.append('text').attr('class', 'axis-label').call(writeSubscripted, this.options.yLabel ?? '');
    this.y = scaleLog(); // unclamped: marks below the domain leave the plot (clip them)
    this.width = 0;
    // The size, the y axis and the band are each rewritten only when their key changes
    // (redraw-when-changed.js): a figure's redraw at the same width and decades touches none of
    // their attributes.
    this.redrawSize = redrawWhenChanged();
    this.redrawYAxis = redrawWhenChanged();
    this.redrawBand = redrawWhenChanged();
  }

  // Sizes the SVG: `width` is what the container offers, `minWidth` what the marks need (the
  // chart then scrolls sideways inside its own wrapper rather than widening the page).
  layout(width, { minWidth = 0, height = this.options.height } = {}) {
    const m = this.options.margin;
    const chartWidth = Math.max(Math.floor(width), minWidth, 200);
    const key = `${chartWidth}x${height}:${m.top},${m.right},${m.bottom},${m.left}:${Math.floor(width)}`;
    this.redrawSize(key, () => {
      this.width = chartWidth;
      this.height = height;
      this.inner = { left: m.left, top: m.top, width: this.width - m.left - m.right, height: height - m.top - m.bottom };
      // A chart wider than its box scrolls; the keyboard must be able to scroll it too.
      const scrolls = this.width > Math.floor(width);
      this.scroller.attr('tabindex', scrolls ? 0 : null).attr('role', scrolls ? 'region' : null)
        .attr('aria-label', scrolls ? '图表（可左右滚动）' : null);
      this.svg.attr('width', this.width).attr('height', height).attr('viewBox', `0 0 ${this.width} ${height}`);
      for (const layer of [this.plot, this.overlay, this.band, this.grid, this.yAxis]) {
        layer.attr('transform', `translate(${m.left},${m.top})`);
      }
      this.xAxis.attr('transform', `translate(${m.left},${m.top + this.inner.height})`);
      this.yLabel.attr('x', 4).attr('y', 10);
      this.y.range([this.inner.height, 0]);
      this.clipRect.attr('x', 0).attr('y', 0).attr('width', this.inner.width).attr('height', this.inner.height);
    });
    return this;
  }

  clipped(selection) {
    return selection.attr('clip-path', `url(#${this.clipId})`);
  }

  // Sets the y domain to whole decades and draws the axis plus one grid line per decade.
  // Labels thin out when decades are crowded; grid lines never do.
  setYDomain([lo, hi]) {
    this.yKey = `${lo}:${hi}:${this.inner.width}:${this.inner.height}`; // the band's key holds it
    this.redrawYAxis(this.yKey, () => {
      this.y.domain([lo, hi]);
      const first = Math.round(Math.log10(lo));
      const last = Math.round(Math.log10(hi));
      const decades = [];
      for (let k = first; k <= last; k += 1) decades.push(10 ** k);
      const every = Math.max(1, Math.ceil(decades.length / Math.max(2, Math.floor(this.inner.height / 22))));
      const labelled = decades.filter((d) => Math.round(Math.log10(d)) % every === 0); // keeps 10⁰
      this.yAxis.call(axisLeft(this.y).tickValues(labelled).tickFormat(formatDecade).tickSizeOuter(0));
      this.grid.selectAll('line').data(decades, (d) => d).join('line')
        .attr('x1', 0).attr('x2', this.inner.width)
        .attr('y1', (d) => this.y(d)).attr('y2', (d) => this.y(d));
    });
    return this;
  }

  // The grey band of healthy gradient sizes, with a short label.
  drawBand([lo, hi], label = '健康区间') {
    this.redrawBand(`${lo}:${hi}:${label}:${this.yKey}`, () => {
      const top = this.y(hi);
      const bottom = this.y(lo);
      this.band.selectAll('rect').data([0]).join('rect')
        .attr('x', 0).attr('width', this.inner.width).attr('y', top).attr('height', Math.max(0, bottom - top));
      this.band.selectAll('line').data([top, bottom]).join('line')
        .attr('x1', 0).attr('x2', this.inner.width).attr('y1', (d) => d).attr('y2', (d) => d);
      this.band.selectAll('text').data([label]).join('text')
        .attr('x', this.inner.width - 4).attr('y', top + 13).attr('text-anchor', 'end').text((d) => d);
    });
    return this;
  }
}
