// Resolves in a task of its own, after what the browser has queued (the reader's input, the
// next frame): the seam between two parts of one long piece of work, so that no single task
// blocks the page's thread for long. scheduler.yield() where the browser has it (its
// continuation goes before other tasks of the same priority); otherwise afterQueuedTasks().
export function nextTask() {
  if (typeof globalThis.scheduler?.yield === 'function') return globalThis.scheduler.yield();
  return afterQueuedTasks();
}

// Resolves in a task queued behind every message already waiting (a worker's pause, say): a
// MessageChannel message, which, unlike setTimeout, is neither clamped to 4 ms when timers nest
// nor throttled to once a second in a background tab or an off-screen frame.
export function afterQueuedTasks() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

// Resolves once the browser has drawn a frame (what changed before it is laid out and on screen)
// or, where no frame comes (a background tab, an off-screen frame the browser does not render),
// after atMostMs: what waits for a frame there must not wait for the reader to look.
export function afterNextFrame({ atMostMs = 50 } = {}) {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, atMostMs);
    requestAnimationFrame(() => nextTask().then(() => {
      clearTimeout(timer);
      resolve();
    }));
  });
}

// Calls back(deadline) once the browser is idle, or at the latest after timeoutMs (a page that is
// never idle still gets the work done). deadline.timeRemaining() says how long the idle period has
// left. Where the browser has no idle callbacks, it comes 50 ms later with no time to spare, so
// the caller does one step of its work each time.
export function whenIdle(callback, { timeoutMs } = {}) {
  if (typeof requestIdleCallback === 'function') {
    return requestIdleCallback(callback, timeoutMs === undefined ? undefined : { timeout: timeoutMs });
  }
  return setTimeout(() => callback({ timeRemaining: () => 0, didTimeout: true }), 50);
}

// Resolves once the browser has painted the page's first content (its text), or after atMostMs
// where that is never reported: a page the browser does not draw (a background tab, a frame out
// of view; there the wait ends when the reader looks, or after atMostMs). Where the browser has
// no paint timing, after the first frame. atMostMs is long on purpose: a slow phone may take
// seconds to paint, and what waits must not start before it does.
export function afterFirstPaint({ atMostMs = 10000 } = {}) {
  const painted = () => performance.getEntriesByName?.('first-contentful-paint').length > 0;
  if (!globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint')) return afterNextFrame();
  if (painted()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      observer.disconnect();
      resolve();
    };
    const timer = setTimeout(done, atMostMs);
    const observer = new PerformanceObserver(() => {
      if (painted()) done();
    });
    observer.observe({ type: 'paint' });
  });
}
