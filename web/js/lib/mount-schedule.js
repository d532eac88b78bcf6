// When each figure slot mounts. Mounting all fourteen at once, the moment the core has loaded,
// kept the page's thread busy for a second or more and made the first figure wait for the last.
// Instead:
//   - a slot on screen, or within a screen of it, mounts as soon as it is (IntersectionObserver);
//   - mountNow(slot) mounts one first (a link to it, a URL naming its state);
//   - the others mount in idle time, one figure per idle callback;
// so every slot is mounted in the end (the formula's legend and the tests need them all).
// One figure mounts at a time, and each mount is itself split into tasks (figure-host.js: its
// skeleton, then its first draw), with a drawn frame between two figures: the reader's input
// and the next frame never wait behind more than one part of one figure, and each figure is on
// screen as soon as it is drawn.
import { afterNextFrame, whenIdle } from './next-task.js';

// How far outside the viewport a slot starts mounting: a screen above and below, so that a
// figure scrolled to at reading speed is drawn before it comes into view.
const NEAR = '100% 0px 100% 0px';
// An idle callback comes at the latest this long after it was asked for (a page that is never
// idle still gets its figures).
const IDLE_TIMEOUT_MS = 1000;

// Settles when the page's figures are all mounted (what lists every control of the page waits
// for it: the formula's legend).
let markAllMounted;
export const allFiguresMounted = new Promise((resolve) => { markAllMounted = resolve; });

// Listeners told after each figure mounts (what lists the page's controls as they come).
const mountedListeners = new Set();
export function onFigureMounted(listener) {
  mountedListeners.add(listener);
  return () => mountedListeners.delete(listener);
}

// Resolves to the slots on screen, as the next frame draws them (no layout is read now). A page
// that draws no frame (a background tab) never resolves it.
export function slotsOnScreen(slots) {
  if (typeof IntersectionObserver !== 'function' || !slots.length) return Promise.resolve([]);
  return new Promise((resolve) => {
    const observer = new IntersectionObserver((entries) => {
      observer.disconnect();
      resolve(entries.filter((entry) => entry.isIntersecting).map((entry) => entry.target));
    });
    for (const slot of slots) observer.observe(slot);
  });
}

// slots: in document order; mountSlot(slot): mounts one (called once per slot; may return a
// promise, awaited before the next slot starts); lazy = false mounts them all now, in order
// (an embed's one figure). Returns {mountNow(slot), allMounted: Promise (every slot mounted)}.
export function scheduleMounts(slots, mountSlot, { lazy = true } = {}) {
  const waiting = new Set(slots); // not asked for yet, in document order
  const queue = [];               // asked for, in the order they will mount
  let mounted = 0;
  let busy = false;
  let idleAsked = false;
  let resolveAll;
  const allMounted = new Promise((resolve) => { resolveAll = resolve; }).then(markAllMounted);
  let observer = null;

  const mountedOne = (slot) => {
    for (const listener of mountedListeners) listener(slot);
    mounted += 1;
    if (mounted === slots.length) {
      observer?.disconnect();
      resolveAll();
    }
  };

  const mountQueued = async () => {
    if (busy) return;
    busy = true;
    while (queue.length) {
      const slot = queue.shift();
      try {
        await mountSlot(slot);
      } catch (error) {
        console.error(error); // mountSlot shows its own failures in the slot; this one escaped
      }
      mountedOne(slot);
      // A frame between two figures, so that the one just drawn is on screen: a yield alone
      // (nextTask) was not enough, as scheduler.yield()'s continuations go before rendering, and
      // the figures near the viewport mounted back to back, the first on screen ~100 ms late.
      await afterNextFrame();
    }
    busy = false;
    if (lazy) mountNextWhenIdle();
  };

  // first: before every slot already asked for (a slot the URL names).
  const ask = (slot, { first = false } = {}) => {
    if (!waiting.delete(slot)) return;
    observer?.unobserve(slot);
    if (first) queue.unshift(slot);
    else queue.push(slot);
    mountQueued();
  };
  const mountNow = (slot) => ask(slot, { first: true });

  // The rest in document order, one per idle period (the observer reports the slots near the
  // viewport with the next frame, before the page is idle). Not chained to a frame: a page in a
  // background tab or an off-screen frame draws no frames, and still mounts its figures.
  // A page that is never idle (or a frame the browser throttles because it is out of view)
  // still gets one figure per IDLE_TIMEOUT_MS.
  function mountNextWhenIdle() {
    if (idleAsked || busy || !waiting.size) return;
    idleAsked = true;
    whenIdle(() => {
      idleAsked = false;
      const [slot] = waiting;
      if (slot) ask(slot);
    }, { timeoutMs: IDLE_TIMEOUT_MS });
  }

  if (!slots.length) resolveAll();
  if (!lazy) {
    for (const slot of slots) ask(slot);
    return { mountNow, allMounted };
  }
  if (typeof IntersectionObserver === 'function') {
    observer = new IntersectionObserver((entries) => {
      for (const entry of entries) if (entry.isIntersecting) ask(entry.target);
    }, { rootMargin: NEAR });
    for (const slot of slots) observer.observe(slot);
  }
  mountNextWhenIdle();
  return { mountNow, allMounted };
}
