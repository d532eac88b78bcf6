// The popover beside a formula term: the term's name, and one stand-in per figure that changes
// it (stand-in.js), direct links before indirect ones, nearest figures first. It lives in
// <body> (a figure's box clips what overflows it) and is placed below the term or above it,
// never over it, inside the viewport; on a 360 px phone it spans the screen and scrolls inside
// itself. Keyboard: Tab from the term enters it, Tab past its end leaves it for what follows
// the term, Shift+Tab from its start goes back to the term (Escape: term-links.js).
import { element } from './dom.js';
import { standIn, shortTitle } from './stand-in.js';

const MAX_STAND_INS = 3;  // figures with stand-ins; further ones are listed by name
const MARGIN = 8;         // px between the popover and the viewport's edges
const GAP = 6;            // px between the term and the popover
const MAX_WIDTH = 360;    // px

const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]';
// (An unchecked radio button is skipped: Tab reaches a radio group at its checked button.)
const isTabbable = (node) => node.tabIndex >= 0 && node.getClientRects().length > 0 && !(node.type === 'radio' && !node.checked);

// The focusable element that follows `node` in the page's Tab order (outside `except`).
function nextTabbable(node, except) {
  const all = [...document.querySelectorAll(TABBABLE)].filter((n) => !except.contains(n) && isTabbable(n));
  return all.find((n) => node.compareDocumentPosition(n) & Node.DOCUMENT_POSITION_FOLLOWING && !node.contains(n));
}

// options: {glossary, readout, goTo(control), chapterUrl(figureId)}
export function createTermPopover({ glossary, readout, goTo, chapterUrl }) {
  const root = element('div', { class: 'term-popover', role: 'dialog', 'aria-labelledby': 'term-popover-title', hidden: true });
  const start = root.appendChild(element('span', { class: 'focus-edge', tabindex: '0' }));
  const title = root.appendChild(element('p', { class: 'term-popover-title', id: 'term-popover-title' }));
  const body = root.appendChild(element('div', { class: 'term-popover-body' }));
  const closeButton = root.appendChild(element('button', { type: 'button', class: 'term-popover-close', 'aria-label': '关闭' }, '×'));
  const end = root.appendChild(element('span', { class: 'focus-edge', tabindex: '0' }));
  document.body.append(root);

  let state = null; // {source, anchor, mode, standIns}

  function close({ returnFocus = false } = {}) {
    if (!state) return;
    const { anchor, standIns } = state;
    for (const s of standIns) s.close();
    anchor.setAttribute('aria-expanded', 'false');
    state = null;
    root.hidden = true;
    body.replaceChildren();
    if (returnFocus) anchor.focus({ preventScroll: true });
  }

  function place(anchor) {
    const viewportWidth = document.documentElement.clientWidth;
    const width = Math.min(MAX_WIDTH, viewportWidth - 2 * MARGIN);
    root.style.width = `${width}px`;
    root.style.maxHeight = 'none';
    const height = root.offsetHeight;
    const box = anchor.getBoundingClientRect();
    const below = window.innerHeight - box.bottom - GAP - MARGIN;
    const above = box.top - GAP - MARGIN;
    const under = height <= below || below >= above;
    const room = Math.max(0, under ? below : above);
    const shown = Math.min(height, room);
    root.style.maxHeight = `${room}px`;
    const top = under ? box.bottom + GAP : box.top - GAP - shown;
    const left = Math.min(Math.max(MARGIN, box.left), viewportWidth - width - MARGIN);
    root.style.top = `${top + window.scrollY}px`;
    root.style.left = `${left + window.scrollX}px`;
    root.dataset.side = under ? 'below' : 'above';
  }

  // Figures in the order they are shown: those changing the term directly first, then the
  // nearest to the term (on this page) or the page's order (figures not drawn here).
  function byFigure(links, anchor) {
    const y = anchor.getBoundingClientRect().top;
    const groups = new Map();
    for (const link of links) {
      if (!groups.has(link.figure)) groups.set(link.figure, []);
      groups.get(link.figure).push(link);
    }
    const distance = (group) => {
      const control = group.find((l) => l.control)?.control;
      const shown = control && (control.getClientRects().length ? control : control.closest('details'));
      return shown ? Math.abs(shown.getBoundingClientRect().top - y) : 0;
    };
    return [...groups.values()]
      .map((group, order) => ({ group, order, direct: group.some((l) => l.how === 'direct'), distance: distance(group) }))
      .sort((a, b) => (b.direct - a.direct) || (a.distance - b.distance) || (a.order - b.order))
      .map((g) => g.group);
  }

  function fill(source, links, anchor) {
    const name = source.dataset.term ?? source.dataset.legendTerm;
    const entry = glossary[name] ?? { symbol: name, name: '', what: '' };
    title.replaceChildren(
      element('span', { class: 'term-popover-symbol' }, entry.symbol),
      element('span', { class: 'term-popover-name' }, entry.name),
      element('span', { class: 'term-popover-what' }, entry.what ? `：${entry.what}` : ''),
    );
    const groups = byFigure(links, anchor);
    const standIns = groups.slice(0, MAX_STAND_INS).map((group) => standIn(group[0].figure, group, { term: name, glossary, readout, goTo, chapterUrl }));
    body.replaceChildren(...standIns.map((s) => s.element));
    const rest = groups.slice(MAX_STAND_INS);
    if (rest.length) {
      const more = body.appendChild(element('p', { class: 'term-popover-more' }, '还有：'));
      for (const group of rest) {
        const control = group.find((l) => l.control)?.control;
        const label = shortTitle(group[0].figure.title);
        if (!control) {
          more.append(element('span', { class: 'term-popover-more-name' }, label));
          continue;
        }
        const go = more.appendChild(element('button', { type: 'button', class: 'stand-in-go' }, label));
        go.addEventListener('click', () => goTo(control));
      }
    }
    return standIns;
  }

  // mode: 'hover' | 'focus' | 'pinned'. Reopening for the same source only raises the mode.
  function open(source, links, { anchor = source, mode = 'hover' } = {}) {
    if (state?.source === source && state.anchor === anchor) {
      if (mode === 'pinned' || state.mode === 'hover') state.mode = mode;
      return;
    }
    close();
    state = { source, anchor, mode, standIns: [] };
    root.hidden = false;
    state.standIns = fill(source, links, anchor);
    anchor.setAttribute('aria-expanded', 'true');
    place(anchor);
  }

  // Tab from the term goes into the popover (it is not next to the term in the document).
  function enter() {
    const first = [...root.querySelectorAll(TABBABLE)].find((n) => n !== start && n !== end && isTabbable(n));
    first?.focus();
  }

  start.addEventListener('focus', () => state?.anchor.focus());
  end.addEventListener('focus', () => {
    const after = state && nextTabbable(state.anchor, root);
    close();
    after?.focus();
  });
  closeButton.addEventListener('click', () => close({ returnFocus: true }));
  window.addEventListener('resize', () => state && place(state.anchor));

  return {
    open,
    close,
    enter,
    contains: (node) => root.contains(node),
    get source() {
      return state?.source ?? null;
    },
    get anchor() {
      return state?.anchor ?? null;
    },
    get mode() {
      return state?.mode ?? null;
    },
    element: root,
  };
}
