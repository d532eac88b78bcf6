// Code that runs inside the page, installed with addInitScript before the page's own scripts.
// Nothing here changes what the page does: listeners only read the clock, observers only watch.
// Each function is serialised by playwright, so it may use nothing from this module's scope.

// Interaction latency, split in two:
//   script  the input event's handlers (capture on window → bubble on window, summed over every
//           event of one move): the host's state update, the core call and the d3 redraw;
//   render  the frame that follows: its rAF callbacks, style, layout and paint, timed from our
//           rAF callback to a message posted there (which runs once that frame's work is done).
// total = script + render is the work between the input and the finished frame; toPaint also
// counts the idle wait for the next vsync (0–16.7 ms, so it says little about the page itself).
// core: the part of script spent in the WASM core's figure() (when the bench times it).
// A "move" collects every event up to the frame that shows it (a drag step may bring several);
// an event handled after that frame's rAF callback is the next move's, and its script is taken
// out of this move's render: during a drag, Chromium handles the next pointer moves before our
// message, and they were counted twice, in both moves.
export function installLatencyProbe() {
  const TYPES = ['keydown', 'input', 'change', 'click', 'pointerdown', 'pointermove', 'pointerup'];
  const now = () => performance.now();
  let depth = 0;          // events being dispatched (one inside another's handler counts too)
  let started = 0;
  let coreAtStart = 0;
  let outer = null;       // the outermost event being dispatched
  let token = 0;
  let move = null;         // the move being collected, until the rAF callback of its frame
  let framed = null;       // the move whose frame is being drawn (from that callback to our message)
  let frameQueued = false;
  let drawing = false;      // from our rAF callback to our message
  let frameStart = 0;
  let scriptSinceFrame = 0; // script of the events handled while drawing (the next move's)
  const finished = [];
  const settleWaiters = [];
  const frameChannel = new MessageChannel();
  // A handler that stops propagation hides the event from our bubble listener: a message posted
  // when the event started then closes it (at the end of its task, so a little late).
  const fallbackChannel = new MessageChannel();

  const significant = (event) => {
    if (event.type === 'input' || event.type === 'change') return true;
    const t = event.target;
    if (event.type === 'click') return Boolean(t?.closest?.('button, [role="radio"], [role="button"]'));
    if (event.type === 'keydown') return event.defaultPrevented; // a figure's own key handling
    return false;
  };

  const queueFrame = () => {
    if (frameQueued) return;
    frameQueued = true;
    requestAnimationFrame(() => {
      frameStart = now();
      drawing = true;
      scriptSinceFrame = 0;
      if (depth === 0) {
        framed = move;
        move = null;
      }
      frameChannel.port2.postMessage(0);
    });
  };
  frameChannel.port1.onmessage = () => {
    const end = now();
    frameQueued = false;
    drawing = false;
    const done = framed;
    framed = null;
    if (done) {
      done.render = end - frameStart - scriptSinceFrame;
      done.total = done.script + done.render;
      done.toPaint = end - done.t0;
      if (done.significant) finished.push(done);
    }
    if (move) queueFrame(); // events handled meanwhile: their own frame
    for (const resolve of settleWaiters.splice(0)) resolve();
  };

  const finish = (event, end, late = false) => {
    if (!move) move = { t0: started, script: 0, core: 0, events: [], significant: false, late: false };
    move.script += end - started;
    if (drawing) scriptSinceFrame += end - started;
    move.core += (window.__coreMs ?? 0) - coreAtStart; // the core's figure() calls (when timed)
    move.events.push(event.type);
    move.significant ||= significant(event);
    move.late ||= late;
    queueFrame();
  };
  fallbackChannel.port1.onmessage = ({ data }) => {
    if (data !== token || depth === 0) return;
    depth = 0;
    finish(outer, now(), true);
  };

  for (const type of TYPES) {
    window.addEventListener(type, (event) => {
      if (depth++ > 0) return;
      started = now();
      coreAtStart = window.__coreMs ?? 0;
      outer = event;
      token += 1;
      fallbackChannel.port2.postMessage(token);
    }, true);
    window.addEventListener(type, (event) => {
      if (depth === 0 || --depth > 0) return;
      finish(event, now());
    }, false);
  }

  window.__latencyProbe = {
    // Resolves once no move is waiting for its frame (after at least one frame), with the moves
    // finished since the last call.
    async settle() {
      for (let i = 0; i < 20; i += 1) {
        queueFrame();
        await new Promise((resolve) => settleWaiters.push(resolve));
        if (!move && depth === 0) break;
      }
      return finished.splice(0).map(({ events, ...m }) => ({ ...m, events: [...new Set(events)].join(',') }));
    },
  };
}

// Cold load: when each figure slot settles, when the ones in the first viewport have (the slots
// that intersect the viewport when the document has been parsed: what the reader sees first), when
// all have, and when the frame after each of those moments is done (the figure is then drawn and
// answers input).
export function installLoadProbe() {
  const marks = {
    firstReady: null, viewportSettled: null, viewportInteractive: null, allSettled: null, interactive: null,
    slots: 0, ready: 0, viewportSlots: null,
    longTasks: [], // [start, duration] of every main-thread task over 50 ms until all are drawn
  };
  window.__loadProbe = marks;
  if (PerformanceObserver.supportedEntryTypes?.includes('longtask')) {
    new PerformanceObserver((list) => {
      if (marks.interactive !== null) return;
      for (const task of list.getEntries()) marks.longTasks.push([task.startTime, task.duration]);
    }).observe({ type: 'longtask', buffered: true });
  }
  const SETTLED = ['ready', 'error', 'todo'];
  let inViewport = null;
  const afterNextFrame = (key) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { marks[key] = performance.now(); };
    channel.port2.postMessage(0);
  });
  const check = () => {
    const slots = [...document.querySelectorAll('[data-figure]')];
    if (!slots.length) return;
    const settled = (slot) => SETTLED.includes(slot.dataset.state);
    const ready = slots.filter((slot) => slot.dataset.state === 'ready').length;
    if (ready && marks.firstReady === null) marks.firstReady = performance.now();
    if (inViewport?.length && marks.viewportSettled === null && inViewport.every(settled)) {
      marks.viewportSettled = performance.now();
      afterNextFrame('viewportInteractive');
    }
    // (The observer's first report may come after every slot has settled: a lone figure drawn
    // before it, as embed.html's can be. The lines above still time the viewport then.)
    if (marks.allSettled !== null || !slots.every(settled)) return;
    marks.allSettled = performance.now();
    marks.slots = slots.length;
    marks.ready = ready;
    observer.disconnect();
    afterNextFrame('interactive');
  };
  // Which slots are in the first viewport, from an IntersectionObserver's first report: asking
  // each slot where it is would lay out the whole chapter at once, sections the page lays out
  // later included (web/js/lib/section-layout.js), and the probe would time its own work.
  document.addEventListener('DOMContentLoaded', () => {
    const slots = [...document.querySelectorAll('[data-figure]')];
    const seen = new IntersectionObserver((entries) => {
      seen.disconnect();
      inViewport = entries.filter((entry) => entry.isIntersecting && entry.boundingClientRect.height > 0).map((entry) => entry.target);
      marks.viewportSlots = inViewport.map((slot) => slot.dataset.figure);
      check();
    });
    slots.forEach((slot) => seen.observe(slot));
  });
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-state'] });
}
