// Formula terms ↔ controls, for the mouse, the keyboard and the finger. Pointing at, focusing
// or tapping a dashed term lights the controls that change it and, when any of them is out of
// view, opens a popover beside the term with stand-ins of them (term-popover.js). Pointing at,
// focusing or adjusting a control lights the terms it changes, in its own figure's formula
// first. One set of listeners on the document serves every figure; what to light comes from
// the index (term-index.js), built once, so a pointer move never searches the page.
import { FORMULA_TERM, configureTermIndex, indexTerms, isIndexedControl, linksOf, lightsOf } from './term-index.js';
import { createTermPopover } from './term-popover.js';
import { whereIs } from './stand-in.js';
import { layOutChapter } from './section-layout.js';

export { indexFigure, indexTerms, linksOf } from './term-index.js';
export { describeFormulaTerms } from './term-description.js';

const CLASS = { direct: 'is-lit', indirect: 'is-lit-indirect' };
const LINKED_TERM = `${FORMULA_TERM}.term-linked`;
const HOVER_OPEN_MS = 180;   // a pointer resting on a term, not one passing over it
const HOVER_CLOSE_MS = 350;  // time to move from the term into its popover

let pointed = null;   // the term or control under the pointer
let focused = null;   // the term or control that has the focus
let pinned = null;    // a tapped term (until the next tap elsewhere) or the control being adjusted
let lit = new Map();  // element → 'direct' | 'indirect', as now shown
let popover = null;
let timer = 0;
let dismissed = null; // a term whose popover the reader closed: focus returning to it does not reopen it

function render() {
  const next = new Map();
  for (const source of [pinned, focused, pointed]) {
    if (!source) continue;
    for (const [node, how] of lightsOf(source)) {
      if (next.get(node) !== 'direct') next.set(node, how);
    }
  }
  for (const [node, how] of lit) if (next.get(node) !== how) node.classList.remove(CLASS[how]);
  for (const [node, how] of next) if (lit.get(node) !== how) node.classList.add(CLASS[how]);
  lit = next;
}

// Each source of light changes alone; nothing new to light (every input event of a drag) costs nothing.
const setPointed = (source) => {
  if (source === pointed) return;
  pointed = source;
  render();
};
const setFocused = (source) => {
  if (source === focused) return;
  focused = source;
  render();
};
const setPinned = (source) => {
  if (source === pinned) return;
  pinned = source;
  render();
};

// The term or control an event is about: inside the popover, the popover's term.
function sourceOf(node) {
  if (!(node instanceof Element)) return null;
  if (popover?.contains(node)) return popover.source;
  const term = node.closest(`${LINKED_TERM}, [data-legend-term]`);
  if (term) return term;
  const control = node.closest('.control[data-term]');
  return control && isIndexedControl(control) ? control : null;
}

// A popover only when it shows something the page does not: a linked control out of view, or a
// figure that is not drawn on this page at all. Otherwise the lit controls are there to see.
function needsPopover(links) {
  return links.some((l) => !l.control || whereIs(l.control) !== 'here');
}

// Shows `source`'s popover beside `anchor` (the term itself, or the legend's button for it).
export function openTermPopover(source, { anchor = source, mode = 'pinned' } = {}) {
  clearTimeout(timer);
  const links = linksOf(source);
  // The popover reads the page before anything here writes to it (the pin's light comes after).
  // (The legend's buttons always show it: showing the controls is what they are for.)
  if (links.length && (anchor !== source || needsPopover(links))) popover.open(source, links, { anchor, mode });
  else if (popover.source !== source && popover.mode !== 'pinned') popover.close();
  if (mode === 'pinned') setPinned(source);
}

// A smooth scroll aims at where the control was when it set off. Figures it passes mount on the
// way (mount-schedule.js) and take their drawn heights, so soon after the page loads the scroll
// could end with the control a screen away. When it ends, a control not in view is brought
// there at once. Given up after a while, so as not to move a reader who has scrolled on since.
const REAIM_WITHIN_MS = 3000;
function reaimWhenTheScrollEnds(control) {
  const reaim = () => {
    const box = control.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) control.scrollIntoView({ block: 'center' });
  };
  document.addEventListener('scrollend', reaim, { once: true });
  setTimeout(() => document.removeEventListener('scrollend', reaim), REAIM_WITHIN_MS);
}

// Takes the reader to a real control: opens a closed <details> around it, scrolls it into view
// and focuses it. The term stays pinned, so the light survives the scroll (a pointer that the
// page scrolls under would otherwise take it), and the control wears a ring until it loses focus.
export function goToControl(control, term = popover?.source ?? null) {
  const details = control.closest('details');
  if (details && !details.open) details.open = true;
  popover.close();
  if (term) setPinned(term);
  const target = control.querySelector('input:checked') ?? control.querySelector('input, [tabindex="0"], button') ?? control;
  const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  layOutChapter(); // what lies on the way at its real height, or the scroll aims at guesses
  control.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'center' });
  if (smooth) reaimWhenTheScrollEnds(control);
  target.focus({ preventScroll: true });
  control.classList.add('is-arrived');
  const leave = (event) => {
    if (control.contains(event.relatedTarget)) return;
    control.classList.remove('is-arrived');
    control.removeEventListener('focusout', leave);
  };
  control.addEventListener('focusout', leave);
}

function closeUnlessPinned() {
  if (popover.mode && popover.mode !== 'pinned') popover.close();
}

function onPointerOver(event) {
  const source = sourceOf(event.target);
  setPointed(source);
  clearTimeout(timer);
  if (source && source === popover.source) return;
  if (source?.matches(LINKED_TERM) && event.pointerType === 'mouse') {
    timer = setTimeout(() => pointed === source && openTermPopover(source, { mode: 'hover' }), HOVER_OPEN_MS);
  } else if (popover.mode === 'hover') {
    timer = setTimeout(closeUnlessPinned, HOVER_CLOSE_MS);
  }
}

function onFocusIn(event) {
  const source = sourceOf(event.target);
  setFocused(source);
  if (source !== dismissed) dismissed = null;
  if (source?.matches(LINKED_TERM) && source !== popover.source && !dismissed) openTermPopover(source, { mode: 'focus' });
}

function onFocusOut(event) {
  const next = event.relatedTarget;
  if (next instanceof Element && (popover.contains(next) || next === popover.anchor)) return;
  // Within one control (an arrow key moving along a row of radio buttons) the light stays: put
  // out and lit again, it restyled every term and legend row it reaches, on every move.
  if (next instanceof Element && focused && sourceOf(next) === focused) return;
  setFocused(null);
  if (popover.mode === 'focus' && (popover.contains(event.target) || event.target === popover.anchor)) popover.close();
}

// A press on a control pins it (a finger has no hover: the term stays lit while the slider is
// adjusted and after); a press anywhere else but a term or the popover lets go.
function onPointerDown(event) {
  if (popover.contains(event.target)) return;
  const source = sourceOf(event.target);
  if (source && !source.matches(LINKED_TERM) && !source.dataset.legendTerm) {
    setPinned(source);
    if (popover.source) popover.close();
    return;
  }
  if (source) return;
  setPinned(null);
  if (popover.source) popover.close();
}

// Opens `source`'s popover pinned beside `anchor`, or closes it if it is open there already.
// `click` is the event that asked: a second tap lets go of the light too, which the focus left
// on the term by the tap would otherwise keep (a key press keeps it: the keyboard is there).
export function toggleTermPopover(source, anchor = source, click = null) {
  const shownHere = popover.source === source && popover.anchor === anchor;
  if (pinned === source && (shownHere || popover.source !== source)) {
    setPinned(null);
    popover.close();
    if (click?.detail > 0) anchor.blur();
    return;
  }
  openTermPopover(source, { anchor, mode: 'pinned' });
}

// A click or tap on a term pins it and its popover; a second one lets go.
function onClick(event) {
  const term = event.target instanceof Element ? event.target.closest(LINKED_TERM) : null;
  if (term) toggleTermPopover(term, term, event);
}

// The reader closed the popover (Escape, ×): the light goes, and focus coming back to the term
// does not open it again.
function dismiss(source) {
  dismissed = source;
  setPinned(null);
}

function onKeyDown(event) {
  if (event.key === 'Escape' && popover.source) {
    event.preventDefault();
    dismiss(popover.source);
    popover.close({ returnFocus: popover.contains(event.target) });
    return;
  }
  if (event.key === 'Tab' && !event.shiftKey && popover.anchor && event.target === popover.anchor) {
    event.preventDefault();
    popover.enter();
    return;
  }
  const term = event.target instanceof Element ? event.target.closest(LINKED_TERM) : null;
  if (term && (event.key === 'Enter' || event.key === ' ')) {
    event.preventDefault();
    term.click();
  }
}

let config = { glossary: {}, readout: () => '', chapterUrl: null };

// What the page is told about its terms (web/js/figures/index.js does it for this chapter, once
// the figures' code is in: the popover reads it when it opens): {glossary: {name → {symbol,
// name, what}}, derived: {figure id → {term: [control terms]}}, readout(figureId, term, result)
// → line, chapterUrl(figureId) → where a figure not drawn on this page can be seen}.
export function configureTermLinks({ derived = {}, ...rest }) {
  configureTermIndex({ derived });
  config = { ...config, ...rest };
}

// Installs the listeners once per document, and indexes the document's formula terms.
export function linkFormulaTerms(root = document) {
  if (root.documentElement?.dataset.termLinks) return;
  if (root.documentElement) root.documentElement.dataset.termLinks = 'on';
  indexTerms(root);
  popover = createTermPopover({ terms: () => config, goTo: (control) => goToControl(control), onDismiss: dismiss });
  root.addEventListener('pointerover', onPointerOver);
  root.addEventListener('pointerout', (event) => {
    if (!event.relatedTarget) setPointed(null); // the pointer left the window
  });
  root.addEventListener('focusin', onFocusIn);
  root.addEventListener('focusout', onFocusOut);
  root.addEventListener('pointerdown', onPointerDown);
  root.addEventListener('click', onClick);
  root.addEventListener('keydown', onKeyDown);
}
