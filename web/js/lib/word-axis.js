// An axis of words under a band scale's bars: one label per word, centred under its bar, no tick
// marks; written vertically (each character a line of its own, natural for Chinese) when the
// words do not fit side by side.
//
// Written here rather than with d3-axis, which rewrites every label's text on each call: when
// the sentence grows by a word, all fifty labels were written again and laid out again (about a
// quarter of a move of funnel's length slider). Here a label is written only when its word or its
// direction changes; the others only move.
import { attrChanged, attrsChanged } from './write-changed.js';

const GAP = 8;          // px between the axis line and a label's top
const LINE = '1.1em';   // a vertical label's line height

// A vertical word is its characters stacked, one centred line each: CSS vertical writing would
// depend on the font's vertical metrics (without them 「一」 drifts off its line).
function writeLabel(text, word, vertical) {
  if (text.textContent === word && text.classList.contains('tick-vertical') === vertical) return;
  text.classList.toggle('tick-vertical', vertical);
  if (!vertical) {
    text.textContent = word;
    return;
  }
  text.textContent = '';
  Array.from(word).forEach((character, k) => {
    const line = text.appendChild(document.createElementNS(text.namespaceURI, 'tspan'));
    line.setAttribute('x', 0);
    if (k) line.setAttribute('dy', LINE);
    line.textContent = character;
  });
}

// axis: the d3 selection of the axis' <g> (translated to the bottom of the plot); x: a band
// scale over the words' indices; words: [string].
export function drawWordAxis(axis, x, words, vertical) {
  const [start, end] = x.range();
  // What d3-axis gives its axes (the stylesheet sets the labels' font and colour over it).
  attrsChanged(axis, { fill: 'none', 'font-size': 10, 'font-family': 'sans-serif', 'text-anchor': 'middle' });
  const line = axis.selectAll('path.domain').data([null])
    .join((enter) => enter.append('path').attr('class', 'domain').attr('stroke', 'currentColor'));
  attrChanged(line, 'd', `M${start},0.5H${end}`);
  const ticks = axis.selectAll('g.tick')
    .data(words.map((_, i) => i), (i) => i)
    .join((enter) => enter.append('g').attr('class', 'tick')
      .call((g) => g.append('text').attr('fill', 'currentColor').attr('y', GAP).attr('dy', '0.71em')));
  attrChanged(ticks, 'transform', (i) => `translate(${x(i) + x.bandwidth() / 2},0)`);
  ticks.select('text').each(function label(i) { writeLabel(this, words[i] ?? String(i + 1), vertical); });
}
