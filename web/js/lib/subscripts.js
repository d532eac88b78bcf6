// Indices written with markup (h_j → h<sub>j</sub>) instead of Unicode's subscript letters
// (ⱼ, ᵢ, ₖ) and ᵀ: few fonts have those, and a reader without one sees an empty box. In the
// text given here, _x or _{…} marks a subscript.
import { select } from 'd3-selection';
import { attrsChanged, textChanged } from './write-changed.js';

const INDEX = /_(\{[^}]*\}|[^\s{])/g;

function parts(text) {
  const out = [];
  let last = 0;
  for (const match of text.matchAll(INDEX)) {
    if (match.index > last) out.push({ text: text.slice(last, match.index) });
    out.push({ text: match[1].replace(/^\{|\}$/g, ''), sub: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  return out;
}

// For a text alternative (read out, not drawn): s_{i−1} → s(i−1), h_j → hj.
export function plainIndices(text) {
  return String(text).replace(INDEX, (_, index) => (index.startsWith('{') ? `(${index.slice(1, -1)})` : index));
}

// HTML: a fragment of text and <sub> elements, to append or replaceChildren with.
export function subscripted(text) {
  const fragment = document.createDocumentFragment();
  for (const part of parts(String(text))) {
    if (!part.sub) fragment.append(part.text);
    else fragment.appendChild(document.createElement('sub')).textContent = part.text;
  }
  return fragment;
}

// HTML: an element's content replaced by subscripted(text) (or by the text as it is, `plain`),
// only when that differs from what was last written there: a rewrite lays the page out again, on
// every control move.
const writtenHtml = new WeakMap();
export function writeSubscriptedHtml(node, text, { plain = false } = {}) {
  const value = String(text);
  const key = `${plain ? 'plain' : 'sub'}:${value}`;
  if (writtenHtml.get(node) === key) return;
  writtenHtml.set(node, key);
  node.replaceChildren(plain ? value : subscripted(value));
}

// SVG: each part into a tspan of each <text> of the selection, an index lowered with
// baseline-shift (class `index`, sized by the figure's CSS). partsOf(d, i) → [{text, sub}].
function writeParts(selection, partsOf) {
  selection.each(function writeOne(d, i) {
    const spans = select(this).selectAll('tspan').data(partsOf(d, i)).join('tspan');
    attrsChanged(spans, { class: (p) => (p.sub ? 'index' : null), 'baseline-shift': (p) => (p.sub ? 'sub' : null) });
    textChanged(spans, (p) => p.text);
  });
}

// SVG: text in which _x or _{…} marks a subscript.
export function writeSubscripted(selection, text) {
  writeParts(selection, (d, i) => parts(String(typeof text === 'function' ? text(d, i) : text)));
}

// SVG: a label whose index is given apart, its text written as it is (no _ read in a word):
// indexed(d, i) → [base, index, rest], as ("h", "5", " 猫") for h₅ 猫.
export function writeIndexed(selection, indexed) {
  writeParts(selection, (d, i) => {
    const [base, index, rest] = indexed(d, i);
    return [{ text: base ?? '' }, ...(index ? [{ text: index, sub: true }] : []), { text: rest ?? '' }];
  });
}
