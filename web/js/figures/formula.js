// Figure `formula` (§2 三步，写成公式): the formula itself is rendered at build time in the slot;
// its dashed terms carry data-term (term-links.js lights them and the controls that change
// them, and shows stand-ins of those controls beside the term). This module adds the legend:
// each term, what it is, and buttons that take the reader to every control of the chapter that
// changes it. It needs no computation of its own, so it has no core figure: `coreFreeSpec` is
// the spec the page uses in place of one.
// Embedded alone (embed.html?fig=formula) the page has none of the chapter's controls: the
// figures that change the terms are then computed without being drawn (headless-figure.js), so
// the stand-ins still move e, α and c and say what they became, and each links to the chapter.
import { describeFormulaTerms, goToControl, indexFigure, indexTerms, linksOf, toggleTermPopover } from '../lib/term-links.js';
import { headlessFigure } from '../lib/headless-figure.js';
import { allFiguresMounted, onFigureMounted } from '../lib/mount-schedule.js';
import { shortTitle } from '../lib/stand-in.js';
import { figureSpecs } from '../lib/core-loader.js';
import { element } from '../lib/dom.js';
import { plainIndices, subscripted } from '../lib/subscripts.js';
import { glossary, derivedTerms, chapterUrl } from './terms.js';

export const coreFreeSpec = { id: 'formula', title: '三步，写成公式', params: [] };

// The formula's terms in its order, as its symbols are written there.
// (Indices as markup: subscripts.js; few fonts have Unicode's subscript letters.)
const SYMBOLS = { score: 'e_{ij}', state: 's_{i−1}', memory: 'h_j', alpha: 'α_{ij}', context: 'c_i', d: 'd' };

// Figures that change one of `names` but have no slot on this page: computed, not drawn.
function indexUndrawnFigures(core, names) {
  const drawn = new Set([...document.querySelectorAll('[data-figure]')].map((slot) => slot.dataset.figure));
  let added = 0;
  for (const spec of figureSpecs(core).values()) {
    if (drawn.has(spec.id)) continue;
    const own = spec.params.map((p) => p.term).filter(Boolean);
    const computed = Object.entries(derivedTerms[spec.id] ?? {}).filter(([, by]) => by.some((t) => own.includes(t))).map(([t]) => t);
    if (![...own, ...computed].some((t) => names.has(t))) continue;
    // Named as the chapter names it (embed.html carries the chapter's slots as templates).
    const title = document.querySelector(`template[data-figure-template="${CSS.escape(spec.id)}"]`)?.content.querySelector('.figure-title')?.textContent.trim();
    indexFigure(headlessFigure(core, title ? { ...spec, title } : spec));
    added += 1;
  }
  return added;
}

// The row's buttons: to each real control that changes the term; for a figure not drawn here,
// its name, as a link to it in the chapter.
function controlButtons(row) {
  const direct = linksOf(row.element).filter((l) => l.how === 'direct');
  const indirect = linksOf(row.element).filter((l) => l.how === 'indirect');
  const button = (link) => {
    const figure = shortTitle(link.figure.title);
    if (!link.control) return element('a', { class: 'formula-jump', href: chapterUrl(link.figure.id), target: '_blank', rel: 'noopener' }, `${figure} ↗`);
    const label = (link.control.querySelector('.control-label')?.textContent.trim() ?? link.params[0]).split(/[（(]/)[0].trim();
    const jump = element('button', { type: 'button', class: 'formula-jump', title: `转到（${figure}）的「${label}」`, 'aria-label': `转到「${label}」（${figure}）` }, label);
    jump.addEventListener('click', () => goToControl(link.control, row.element));
    return jump;
  };
  // One entry per figure when the figures are not drawn here (their controls are in the popover).
  const entries = (links) => {
    const seen = new Set();
    return links.filter((l) => l.control || (!seen.has(l.figure) && seen.add(l.figure))).map(button);
  };
  const parts = [];
  if (direct.length) parts.push(element('span', { class: 'legend-by' }, '改它：'), ...entries(direct));
  if (indirect.length) parts.push(element('span', { class: 'legend-by' }, '间接：'), ...entries(indirect));
  return parts;
}

export function mount(el, core, initialState, host) {
  const slot = el.closest('[data-figure]') ?? document;
  const present = [...new Set([...slot.querySelectorAll('.katex [data-term]')].map((n) => n.dataset.term))];
  const names = Object.keys(SYMBOLS).filter((name) => !present.length || present.includes(name));
  const list = element('dl', { class: 'formula-legend' });
  const rows = names.map((name) => {
    const { name: word, what } = glossary[name];
    const symbol = SYMBOLS[name];
    const spoken = plainIndices(symbol);
    const row = list.appendChild(element('div', { class: 'legend-row', 'data-term': name, 'data-legend-term': name }));
    // The symbol is a big target for a finger (the formula's own d is 10 px wide): it opens the
    // term's stand-ins beside itself, pinned until the next tap elsewhere.
    const pin = row.appendChild(element('dt')).appendChild(element('button', {
      type: 'button', class: 'legend-pin', 'aria-haspopup': 'dialog', 'aria-expanded': 'false',
    }));
    // Named by its content, so the name holds exactly what is seen (e<sub>ij</sub> 打分) and then
    // what pressing it does.
    const symbolBox = element('span', { class: 'legend-symbol' });
    symbolBox.append(subscripted(symbol));
    pin.append(symbolBox, ' ', element('span', { class: 'legend-name' }, word), element('span', { class: 'visually-hidden' }, '：看改它的控件'));
    pin.addEventListener('click', (event) => toggleTermPopover(row, pin, event));
    row.append(element('dd', { class: 'legend-what' }, what));
    const controls = row.appendChild(element('dd', { class: 'legend-controls' }));
    return { name, symbol: spoken, word, element: row, controls };
  });
  el.replaceChildren(list);
  indexTerms(list);

  // The controls live in other figures: listed as each one mounts, and once all have (with
  // the figures this page does not draw, computed without being drawn).
  const listControls = () => {
    for (const row of rows) row.controls.replaceChildren(...controlButtons(row));
  };
  const stopListing = onFigureMounted(listControls);
  allFiguresMounted.then(() => {
    stopListing();
    if (indexUndrawnFigures(core, new Set(names))) describeFormulaTerms();
    listControls();
  });

  return {
    update() {
      host?.describe(`公式里有虚线的 ${rows.length} 个符号：${rows.map((r) => `${r.symbol}（${r.word}）`).join('、')}。`
        + '指向、聚焦或轻点其中一个，旁边会出现改变它的滑杆或按钮。');
      return { id: 'formula', params: {}, data: { terms: rows.map(({ name, symbol, word }) => ({ term: name, symbol, name: word })) } };
    },
  };
}
