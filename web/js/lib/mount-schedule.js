// When each figure slot mounts. Mounting all fourteen at once, the moment the core has loaded,
// kept the page's thread busy for a second or more and made the first figure wait for the last.
// Instead:
//   - a slot on screen, or within a screen of it, mounts as soon as it is (IntersectionObserver);
//   - mountNow(slot) mounts one at once (a link to it, a URL naming its state);
//   - the others mount in idle time, one figure per idle callback, so that the reader's input is
//     never queued behind more than one figure's work;
// so every slot is mounted in the end (the formula's legend and the tests need them all).

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

const whenIdle = (callback) => (typeof requestIdleCallback === 'function'
  ? requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS })
  : setTimeout(() => callback({ timeRemaining: () => 0, didTimeout: true }), 50));

// slots: in document order; mountSlot(slot): mounts one (synchronous, called once per slot);
// lazy = false mounts them all now (an embed's one figure). Returns {mountNow(slot),
// allMounted: Promise (resolves when every slot is mounted)}.
export function scheduleMounts(slots, mountSlot, { lazy = true } = {}) {
  const waiting = new Set(slots);
  let resolveAll;
  const allMounted = new Promise((resolve) => { resolveAll = resolve; }).then(markAllMounted);
  let observer = null;

  const mountNow = (slot) => {
    if (!waiting.delete(slot)) return;
    observer?.unobserve(slot);
    try {
      mountSlot(slot);
      for (const listener of mountedListeners) listener(slot);
    } finally {
      if (!waiting.size) {
        observer?.disconnect();
        resolveAll();
      }
    }
  };

  if (!lazy) {
    for (const slot of slots) mountNow(slot);
    return { mountNow, allMounted };
  }
  if (typeof IntersectionObserver === 'function') {
    observer = new IntersectionObserver((entries) => {
      for (const entry of entries) if (entry.isIntersecting) mountNow(entry.target);
    }, { rootMargin: NEAR });
    for (const slot of slots) observer.observe(slot);
  }

  // The rest in document order, one per idle period (the observer reports the slots near the
  // viewport with the next frame, before the page is idle). Not chained to a frame: a page in a
  // background tab or an off-screen frame draws no frames, and still mounts its figures.
  // A callback that came by its timeout found no idle time (a busy page, or a frame the browser
  // throttles because it is out of view): the next figure then follows in a task of its own.
  const mountNextWhenIdle = () => whenIdle((deadline) => {
    const [next] = waiting;
    if (!next) return;
    mountNow(next);
    if (!waiting.size) return;
    if (deadline.didTimeout) setTimeout(mountNextWhenIdle, 0);
    else mountNextWhenIdle();
  });
  if (waiting.size) mountNextWhenIdle();
  else resolveAll();

  return { mountNow, allMounted };
}
