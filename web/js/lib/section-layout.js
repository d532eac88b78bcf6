// The chapter is laid out in idle time, a piece at a time, not all before the first paint.
//
// The chapter is long: ≈ 6,200 elements, 151 formulas, fourteen figures' captions and legends.
// Laying all of it out before the first paint held the page's thread for ~300 ms on the
// benchmark's machine (a phone takes four times that), and the first figure waited behind it.
// So each section, each block of its prose and each of its figures starts as
// `content-visibility: auto` (layout.css): the browser lays out only what is near the viewport,
// and takes the rest to be an estimated height. (A figure other than the chapter's first starts
// as `content-visibility: hidden`: "near" reaches a screen and a half past the viewport, which
// took in two figures' formula legends. It is laid out here, or as it mounts.)
//
// Estimated heights put everything below them in the wrong place: a scroll to a control or a
// framing page's height would land on guesses. So, once the first figure is drawn, each piece
// (a section, then each block of its prose and each of its figures) is laid out for good
// (`is-laid-out`: an ordinary block from then on), in document order, in idle time: as many
// pieces in one idle period as fit in a few milliseconds, so that none holds the thread for long
// (a whole section in one piece took 30–50 ms; the largest, with its five figures, ~100 ms).
// Within a second or two the page is what it would have been, and stays so. Before that, a jump
// to a heading (the contents, an anchor) lands where it should: the browser keeps what is on
// screen in place as the pieces above take their real heights (scroll anchoring). A smooth
// scroll to a control would aim at a moving target, so goToControl() calls layOutChapter()
// first; a figure is laid out before it mounts (layOutFigure), so that its first measure does
// not lay out its section in the middle of its mount. When every piece is laid out, <html> gets
// data-layout="complete".
//
// Then the chapter settles (`is-settled`, layout.css): each block of prose and each figure,
// while it is far from the view. From then on it is skipped when a frame is drawn, at the size
// it was last laid out at. Those sizes hold for one width of the text column; when it changes (a
// window resized, a phone turned), every block is laid out again at the new width, and settles
// again. Figures far away cost every frame of the one being worked: hit testing a pointer and
// grouping the page's paint into layers both walk every figure painted, and the browser paints
// up to 4,000 px from the view. (With funnel in view, one hit test took 0.38 ms with every
// figure drawn and 0.08 ms with the others skipped.) A figure that redraws while skipped (a
// stand-in moved it) is laid out as it comes near the view; scroll anchoring keeps the screen still.
// Figures settle only once every figure is drawn: one skipped before its first draw kept its
// empty slot's height until it came near, and then pushed down what was below it (a control
// the page was scrolling to, among them).
import { afterNextFrame, whenIdle } from './next-task.js';

const SECTIONS = '.chapter-section';
const LAID_OUT = 'is-laid-out';
const SETTLED = 'is-settled';
// The blocks of a section's prose: all but its figures and its folds.
const FIGURE = '.figure';
const PROSE_BLOCK = `:not(${FIGURE}, details)`;
// What settles: a section's blocks of prose and its figures, not its folds (they open and close;
// one holds a figure). layout.css says it too.
const SETTLING = ':scope > :not(details)';
// In document order: each section, then each block of its prose and each of its figures.
const PIECES = `${SECTIONS}, ${SECTIONS} > ${PROSE_BLOCK}, ${SECTIONS} ${FIGURE}`;
// How long one idle period spends laying pieces out: a few blocks of prose, or one figure (the
// frame that then draws them costs about as much again).
const SLICE_MS = 8;
// An idle callback comes at the latest this long after it was asked for: a page that is never
// idle still gets laid out.
const IDLE_TIMEOUT_MS = 500;

let chapter = document;
let pending = [];
let figuresDrawn = null; // settles once every figure is drawn (figures settle after it)

// Calls back two frames from now: what was laid out for good before this call has been drawn
// once since (the first frame lays it out and remembers its blocks' sizes; the second begins
// after that).
const afterTwoFrames = (callback) => requestAnimationFrame(() => requestAnimationFrame(callback));

// A block settles only while it is far from the view. A block that takes
// `content-visibility: auto` on screen is skipped for one frame and drawn the next, and the
// browser counts that as a shift of what it holds (a table or formula in a scroll box, a
// formula's positioned parts: 0.27 of layout shift at a phone's width, from §1's table alone). A
// screen above and below the view is far enough: the browser itself draws skipped blocks from
// half a screen away.
const FAR_FROM_VIEW = '100% 0px';

// The chapter settles while the page is idle, the far blocks of one section per idle period
// (settling all at once took ~50 ms), starting two frames after the last piece was laid out; a
// block near the view settles once the reader has scrolled away from it. After a change of the
// text column's width, every block is laid out again at once, as a resize lays out a page
// anyway, and settles again.
function settleFarBlocks() {
  const sections = [...chapter.querySelectorAll(SECTIONS)];
  const column = sections[0]?.parentElement;
  if (!column) return;
  const blocks = sections.map((section) => [...section.querySelectorAll(SETTLING)]);
  const near = new Set();
  // No block is taken to be far before the observer has said once which are near.
  let observed = false;
  let figuresMaySettle = false;
  let started = false;
  let scheduled = false;
  const settleNext = () => {
    scheduled = false;
    if (!started || !observed) return;
    const waiting = (block) => !near.has(block) && !block.classList.contains(SETTLED)
      && (figuresMaySettle || !block.matches(FIGURE));
    const section = blocks.find((list) => list.some(waiting));
    if (!section) return;
    for (const block of section.filter(waiting)) {
      block.classList.add(SETTLED);
      // Settled, it stays so until the column's width changes: watching it further would only
      // add a target to the intersections every frame computes, a move's frames among them.
      observer.unobserve(block);
    }
    schedule();
  };
  const schedule = () => {
    if (!started || !observed || scheduled) return;
    scheduled = true;
    whenIdle(settleNext, { timeoutMs: IDLE_TIMEOUT_MS });
  };
  const start = () => afterTwoFrames(() => {
    started = true;
    schedule();
  });
  const observer = new IntersectionObserver((entries) => {
    entries.forEach(({ target, isIntersecting }) => (isIntersecting ? near.add(target) : near.delete(target)));
    observed = true;
    schedule();
  }, { rootMargin: FAR_FROM_VIEW });
  blocks.flat().forEach((block) => observer.observe(block));
  start();
  // (two frames on, as above: the last figure drawn has been laid out at its size once)
  figuresDrawn?.then(() => afterTwoFrames(() => {
    figuresMaySettle = true;
    schedule();
  }));
  let width = null;
  new ResizeObserver(([entry]) => {
    const now = entry.contentRect.width;
    if (width !== null && now !== width) {
      blocks.flat().forEach((block) => {
        block.classList.remove(SETTLED);
        observer.observe(block); // (again: it says at once whether the block is near)
      });
      started = false;
      start();
    }
    width = now;
  }).observe(column);
}

function markCompleteIfDone() {
  if (pending.length || document.documentElement.dataset.layout === 'complete') return;
  document.documentElement.dataset.layout = 'complete';
  settleFarBlocks();
}

function layOut(piece) {
  piece.classList.add(LAID_OUT);
  pending = pending.filter((p) => p !== piece);
  markCompleteIfDone();
}

// Every piece not yet laid out is, now (the next layout query or frame lays them out: one long
// piece of work, for when exact positions cannot wait).
export function layOutChapter() {
  [...pending].forEach(layOut);
}

// True when the browser lays the piece's content out now (near the viewport), though the piece
// is not yet laid out for good.
const isRendered = (piece) => piece.firstElementChild?.checkVisibility?.({ contentVisibilityAuto: true }) ?? false;

// A figure about to mount, and the section around it, laid out in a frame of their own first.
// Resolves at once when they are laid out already (near the viewport, or for good; or the page
// has no such pieces: embed.html).
export function layOutFigure(figure) {
  const pieces = [figure.closest('.chapter-section'), figure].filter((p) => p && pending.includes(p));
  const offScreen = pieces.filter((piece) => !isRendered(piece));
  pieces.forEach(layOut);
  return offScreen.length ? afterNextFrame() : Promise.resolve();
}

// Starts laying out root's pieces in idle time, once `after` has settled (what the reader sees
// first, drawn: the idle time before it is the core's download, which the figures in view wait
// for). Once the figures are all drawn (`figuresDrawn` settles), they settle too.
export function layOutChapterInIdleTime(root = document, { after = Promise.resolve(), figuresDrawn: drawn = null } = {}) {
  chapter = root;
  figuresDrawn = drawn;
  pending = [...root.querySelectorAll(PIECES)].filter((piece) => !piece.classList.contains(LAID_OUT));
  markCompleteIfDone();
  // One piece at least per idle period; more while the time they took (laid out now, by asking
  // for the last one's size) stays under SLICE_MS and the browser still calls the period idle.
  const next = (deadline) => {
    const started = performance.now();
    while (pending.length) {
      const piece = pending[0];
      layOut(piece);
      piece.getBoundingClientRect();
      if (performance.now() - started >= SLICE_MS || !(deadline?.timeRemaining?.() > 0)) break;
    }
    if (pending.length) whenIdle(next, { timeoutMs: IDLE_TIMEOUT_MS });
  };
  after.finally(() => requestAnimationFrame(() => whenIdle(next, { timeoutMs: IDLE_TIMEOUT_MS })));
}
