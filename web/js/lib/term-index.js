// The index behind formula-term links. A formula term is an element with data-term="NAME"
// inside a KaTeX formula (from \htmlData{term=NAME}{…}); a linked control carries the same
// data-term (its spec.term). The index is built once: the terms when the page starts, each
// figure's controls when it mounts. Pointing at something then looks up what to light, and
// never searches the document.
//
// A link joins a term to the figure parameters that change it: directly (the control's spec
// names the term) or indirectly (the figure computes the term from what the control changes:
// three-steps' d changes e directly in the formula e = s·h/√d, and α and c through e).
// Scope: a term inside a figure that changes it links to that figure's controls only (its own
// formula, its own notes); every other term links to every figure of the page that changes it.

const CONTROL = '.control[data-term]';
export const FORMULA_TERM = '.katex [data-term]';

let derivedTerms = {};            // figure id → {term: [control terms that change it]}
const figures = [];               // linked figures in the order they were indexed
const figureBySlot = new WeakMap();
const termsByName = new Map();    // name → Set of term elements (formula terms, legend rows)
const changesOf = new WeakMap();  // control element → [{term, how}]
let version = 0;                  // bumped when a figure is indexed: cached answers are stale
const linkCache = new WeakMap();  // term element → {version, links}

// derived: the figures' computed terms (web/js/figures/terms.js).
export function configureTermIndex({ derived = {} } = {}) {
  derivedTerms = derived;
}

// Indexes the formula terms under root (once per page, or per inserted fragment), and elements
// that stand for a term of their own (the §2 legend's rows, data-legend-term).
export function indexTerms(root) {
  for (const element of root.querySelectorAll(`${FORMULA_TERM}, [data-legend-term]`)) {
    const name = element.dataset.term ?? element.dataset.legendTerm;
    if (!termsByName.has(name)) termsByName.set(name, new Set());
    termsByName.get(name).add(element);
  }
  version += 1;
}

// The parameters a control element sets: its own (data-param), or, for one control that holds
// several (softmax's five boxes), every parameter of the spec with its term.
function paramsOf(control, figure) {
  if (control.dataset.param) return [control.dataset.param];
  return figure.spec.params.filter((p) => p.term === control.dataset.term).map((p) => p.name);
}

// Controls of a figure without a slot (a figure computed but not drawn on this page): one per
// term, holding every parameter with that term.
function virtualControls(figure) {
  const byTerm = new Map();
  for (const p of figure.spec.params) {
    if (!p.term) continue;
    if (!byTerm.has(p.term)) byTerm.set(p.term, []);
    byTerm.get(p.term).push(p.name);
  }
  return [...byTerm].map(([term, params]) => ({ element: null, term, params }));
}

// Indexes one figure: figure = {id, slot (null for a figure not drawn here), spec, params,
// setParams, result(), onUpdate(fn)}. Its links: term → [{figure, control, term, params, how}].
export function indexFigure(figure) {
  const controls = figure.slot
    ? [...figure.slot.querySelectorAll(CONTROL)].map((element) => ({ element, term: element.dataset.term, params: paramsOf(element, figure) }))
    : virtualControls(figure);
  const links = new Map();
  const add = (term, link) => {
    if (!links.has(term)) links.set(term, []);
    links.get(term).push(link);
  };
  const derived = Object.entries(derivedTerms[figure.id] ?? {});
  for (const { element, term, params } of controls) {
    const changes = [{ term, how: 'direct' }];
    add(term, { figure, control: element, term, params, how: 'direct' });
    for (const [computed, by] of derived) {
      if (!by.includes(term) || computed === term) continue;
      add(computed, { figure, control: element, term, params, how: 'indirect' });
      changes.push({ term: computed, how: 'indirect' });
    }
    if (element) changesOf.set(element, changes);
  }
  figure.links = links;
  figures.push(figure);
  if (figure.slot) figureBySlot.set(figure.slot, figure);
  version += 1;
}

const slotOf = (element) => element.closest('[data-figure]');

// The figure whose controls a term element links to, or null for the whole page.
function scopeOf(element, name) {
  const figure = figureBySlot.get(slotOf(element));
  return figure?.links.has(name) ? figure : null;
}

// Every link of a term element, direct ones first. Cached until another figure is indexed.
export function linksOf(element) {
  const cached = linkCache.get(element);
  if (cached?.version === version) return cached.links;
  const name = element.dataset.term ?? element.dataset.legendTerm;
  const scope = scopeOf(element, name);
  const all = (scope ? [scope] : figures).flatMap((figure) => figure.links.get(name) ?? []);
  const links = [...all.filter((l) => l.how === 'direct'), ...all.filter((l) => l.how === 'indirect')];
  linkCache.set(element, { version, links });
  return links;
}

export const isIndexedControl = (element) => changesOf.has(element);
export const nameOf = (element) => element.dataset.term ?? element.dataset.legendTerm;
export const termElements = () => [...termsByName.values()].flatMap((set) => [...set]);

// What pointing at `source` lights: Map(element → 'direct' | 'indirect').
//  - a term: its linked controls, and the terms of its name in the same scope;
//  - a control: the terms it changes, in its own figure and in the page's shared scope.
export function lightsOf(source) {
  const lit = new Map([[source, 'direct']]);
  if (changesOf.has(source)) {
    const figure = figureBySlot.get(slotOf(source));
    for (const { term, how } of changesOf.get(source)) {
      for (const element of termsByName.get(term) ?? []) {
        const scope = scopeOf(element, term);
        if (scope === null || scope === figure) lit.set(element, how);
      }
    }
    return lit;
  }
  const name = nameOf(source);
  const scope = scopeOf(source, name);
  for (const element of termsByName.get(name) ?? []) {
    if (scopeOf(element, name) === scope) lit.set(element, 'direct');
  }
  for (const link of linksOf(source)) {
    if (link.control && lit.get(link.control) !== 'direct') lit.set(link.control, link.how);
  }
  return lit;
}
