// The popover beside a formula term: the term's name, and one stand-in per figure that changes
// it (stand-in.js), direct links before indirect ones, nearest figures first. It lives in
// <body> (a figure's box clips what overflows it) and is placed below the term or above it,
// never over it, inside the viewport; on a 360 px phone it spans the screen and scrolls inside
// itself. Keyboard: Tab from the term enters it, Tab past its end leaves it for what follows
// the term, Shift+Tab from its start goes back to the term (Escape: term-links.js).
import { element, isDisplayed } from './dom.js';
import { standIn, shortTitle, shownPartOf, whereIs } from './stand-in.js';

const MAX_STAND_INS = 3;  // figures with stand-ins; further ones are listed by name
const MARGIN = 8;         // px between the popover and the viewport's edges
const GAP = 6;            // px between the term and the popover
const MAX_WIDTH = 360;    // px
const ROOM_WANTED = 280;  // px below the term that keep the popover there rather than above

const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]';
// (An unchecked radio button is skipped: Tab reaches a radio group at its checked button.)
const isTabbable = (node) => node.tabIndex >= 0 && isDisplayed(node) && !(node.type === 'radio' && !node.checked);

// The focusable element that follows `node` in the page's Tab order (outside `except`).
function nextTabbable(node, except) {
  const all = [...document.querySelectorAll(TABBABLE)].filter((n) => !except.contains(n) && isTabbable(n));
  return all.find((n) => node.compareDocumentPosition(n) & Node.DOCUMENT_POSITION_FOLLOWING && !node.contains(n));
}

// options: {terms() → {glossary, readout, chapterUrl(figureId)}: what the page knows of its
// terms when the popover opens (told with the figures' code, which the chapter page loads after
// its first paint), goTo(control), onDismiss(source): the reader closed it (×)}
export function createTermPopover({ terms, goTo, onDismiss }) {
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
    // Focus never stays on the hidden popover (its × after a tap): the browser would move it away
    // only at the next frame, and until then the focus kept the term and its controls lit.
    if (returnFocus) anchor.focus({ preventScroll: true });
    else if (root.contains(document.activeElement)) document.activeElement.blur();
  }

  // What the popover needs to know of the page, read before anything is written, so that
  // opening it lays the page out once (a read after a write forces a layout each time): the
  // term's box, the viewport, and the linked figures in the order they are shown (those that
  // change the term directly first, then the nearest to the term, or the page's order for
  // figures not drawn here), each with where its real control is.
  function measure(anchor, links) {
    const box = anchor.getBoundingClientRect();
    const viewport = { width: document.documentElement.clientWidth, height: window.innerHeight, x: window.scrollX, y: window.scrollY };
    const byFigure = new Map();
    for (const link of links) {
      if (!byFigure.has(link.figure)) byFigure.set(link.figure, []);
      byFigure.get(link.figure).push(link);
    }
    const groups = [...byFigure.values()].map((group, order) => {
      const control = group.find((l) => l.control)?.control ?? null;
      const shown = control && shownPartOf(control);
      return {
        links: group, order, control, where: control ? whereIs(control) : null,
        direct: group.some((l) => l.how === 'direct'),
        distance: shown ? Math.abs(shown.getBoundingClientRect().top - box.top) : 0,
      };
    });
    groups.sort((a, b) => (b.direct - a.direct) || (a.distance - b.distance) || (a.order - b.order));
    return { box, viewport, groups };
  }

  // Below the term, or above it where there is more room; its height is left to CSS (capped
  // by the room), so placing it reads nothing back.
  function place({ box, viewport }) {
    const width = Math.min(MAX_WIDTH, viewport.width - 2 * MARGIN);
    const below = viewport.height - box.bottom - GAP - MARGIN;
    const above = box.top - GAP - MARGIN;
    const under = below >= ROOM_WANTED || below >= above;
    const left = Math.min(Math.max(MARGIN, box.left), viewport.width - width - MARGIN);
    root.style.width = `${width}px`;
    root.style.maxHeight = `${Math.max(0, under ? below : above)}px`;
    root.style.top = `${(under ? box.bottom + GAP : box.top - GAP) + viewport.y}px`;
    root.style.left = `${left + viewport.x}px`;
    root.dataset.side = under ? 'below' : 'above'; // above: CSS lifts it by its own height
  }

  function fill(source, groups) {
    const name = source.dataset.term ?? source.dataset.legendTerm;
    const { glossary, readout, chapterUrl } = terms();
    const entry = glossary[name] ?? { symbol: name, name: '', what: '' };
    title.replaceChildren(
      element('span', { class: 'term-popover-symbol' }, entry.symbol),
      element('span', { class: 'term-popover-name' }, entry.name),
      element('span', { class: 'term-popover-what' }, entry.what ? `：${entry.what}` : ''),
    );
    const standIns = groups.slice(0, MAX_STAND_INS)
      .map((g) => standIn(g.links[0].figure, g.links, { term: name, where: g.where, glossary, readout, goTo, chapterUrl }));
    body.replaceChildren(...standIns.map((s) => s.element));
    const rest = groups.slice(MAX_STAND_INS);
    if (rest.length) {
      const more = body.appendChild(element('p', { class: 'term-popover-more' }, '还有：'));
      for (const { links: group, control } of rest) {
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
    const page = measure(anchor, links);
    close();
    state = { source, anchor, mode, standIns: fill(source, page.groups) };
    anchor.setAttribute('aria-expanded', 'true');
    place(page);
    root.hidden = false;
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
  // From the keyboard, focus goes back to the term; a finger or mouse is done with both.
  closeButton.addEventListener('click', (event) => {
    onDismiss?.(state?.source);
    close({ returnFocus: event.detail === 0 });
  });
  window.addEventListener('resize', () => state && place(measure(state.anchor, [])));

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
  };
}
