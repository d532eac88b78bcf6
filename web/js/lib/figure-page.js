// Finds every [data-figure] slot under root, loads the core once, mounts the figures that
// have a module (others say 「此图尚在制作中」) and keeps the URL hash in step with their state.
// A figure that computes nothing through the core (figures/core-free.js: Figure 2) does not
// wait for it, nor fail with it.
// Used by both the chapter page (chapter-figures.js, which main.js loads once the text has been
// painted) and embed.html (embed.js). On the chapter page the figures mount as the reader comes
// near them, and the rest in idle time (mount-schedule.js); a figure the URL names (its state,
// or its anchor) mounts at once.
import { CoreLoadError, figureSpecs, loadCore } from './core-loader.js';
import { mountFigure } from './figure-host.js';
import { LOADING_TEXT, showSlotStatus } from './slot-status.js';
import { scheduleMounts } from './mount-schedule.js';
import { layOutFigure } from './section-layout.js';
import { describeFormulaTerms } from './term-links.js';
import { debounce } from './dom.js';
import { whenIdle } from './next-task.js';
import { needsCore } from '../figures/core-free.js';
import { TOO_LONG_NOTE, defaultParams, isStateHash, parseHash, serialiseHash, validateParams } from './url-state.js';

const LOADING_CORE_TEXT = '正在载入计算核心…';
const NOT_BUILT_TEXT = '此图尚在制作中。';
const TEXT_UNAFFECTED = '正文不受影响，只是这张互动图暂时无法运行。';

function initialStateFromHash(hash, spec) {
  // Only a figure with state lost anything to a hash too long to read.
  if (hash.tooLong) return { params: {}, notes: spec.params.length ? [TOO_LONG_NOTE] : [] };
  return validateParams(spec.params, hash.byFigure.get(spec.id) ?? new Map());
}

export function embedUrlFor(spec, params) {
  const state = serialiseHash([[spec.id, { params, specs: spec.params }]]);
  const url = new URL(`embed.html?fig=${encodeURIComponent(spec.id)}`, document.baseURI);
  if (state) url.hash = state;
  return url.href;
}

// The slot an in-page anchor (#fig-funnel, or anything inside a figure) points at, if any.
function slotOfAnchor(hash) {
  if (!hash || hash.length < 2 || isStateHash(hash)) return null;
  let target = null;
  try {
    target = document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null; // a malformed escape is nobody's anchor
  }
  return target?.closest('[data-figure]') ?? null;
}

// What a core figure's later moves may need and no single move should wait for (registry.hpp:
// prepare), done once the figure is drawn and again after each move, a slice at a time while the
// page is idle: a claim at a seed that breaks it is set against a hundred seeds (length's held
// a move ~150 ms, sqrt-d's 35 ms at d = 512), and the seeds next to the one drawn are computed
// ahead, so an arrow key's next seed is drawn from memory. A move never waits for a spread: the
// core's answer says it is pending, and done() draws the figure again once it is measured. A
// neighbour not yet computed is computed by the move that needs it.
// Another slice starts only while the idle period has room for one as long as the last, and
// one idle callback works at most PREPARE_MS: an idle period lasts up to 50 ms, and a key
// pressed in it waits for the callback to end. Returns prepare(): asks for the slices (again).
// done() is called each time nothing is left.
const PREPARE_MS = 10;
function idlePreparation(core, id, done) {
  let asked = false;
  const slice = (deadline) => {
    try {
      const began = performance.now();
      let took = 0;
      do {
        const started = performance.now();
        if (core.prepareFigure(id)) {
          asked = false;
          done();
          return;
        }
        took = performance.now() - started;
      } while (deadline.timeRemaining() > took && performance.now() - began + took <= PREPARE_MS);
    } catch (error) {
      console.warn(`prepareFigure(${id}):`, error);
      return; // not asked for again: a failing preparation would fail on every move
    }
    whenIdle(slice);
  };
  return () => {
    if (asked) return;
    asked = true;
    whenIdle(slice);
  };
}

// loading: loadCore()'s promise. Resolves to {core, specs} or, when the core cannot be used,
// {failure: what to tell the reader}.
async function loadCoreAndSpecs(loading) {
  let core;
  try {
    core = await loading;
  } catch (error) {
    const reason = error instanceof CoreLoadError ? error.message : `计算核心出错：${error?.message ?? error}`;
    return { failure: `${reason}${TEXT_UNAFFECTED}` };
  }
  try {
    return { core, specs: figureSpecs(core) };
  } catch (error) {
    return { failure: `计算核心无法列出图：${error?.message ?? error}` };
  }
}

// options: {modules: {id → module}, defaultFigure (embed: the one figure)}
// Resolves to Map(id → figure) once every figure is mounted (or has failed).
export async function mountFigures(root, { modules, defaultFigure = null } = {}) {
  const slots = [...root.querySelectorAll('[data-figure]')];
  const figures = new Map();
  if (!slots.length) return figures;
  for (const slot of slots) showSlotStatus(slot, needsCore(slot) ? LOADING_CORE_TEXT : LOADING_TEXT, 'pending');

  // Asked for (or joined, if the page has started it) only for a figure that needs it: an embed
  // of Figure 2 alone fetches none of the core (173 KB as brotli: its wasm 160, its script 13).
  const coreReady = slots.some(needsCore) ? loadCoreAndSpecs(loadCore()) : null;
  coreReady?.then(({ failure }) => {
    if (failure) for (const slot of slots.filter(needsCore)) showSlotStatus(slot, failure, 'error');
  });

  // The hash the page has read or written. Another one in the address bar is a link followed (or
  // a hash set by the embedding page) whose hashchange event has yet to come: a move's late write
  // must not replace it before the page has read it.
  let knownHash = location.hash;
  const writeHash = debounce(() => { // Chromium throttles rapid replaceState
    if (location.hash === knownHash) knownHash = writeStateToUrl(figures);
  }, 300);
  const mountSlot = async (slot) => {
    const id = slot.dataset.figure;
    // Laid out first, while the core may still be on its way: the slot then shows that it is
    // loading, or why it failed (layout.css keeps a figure not laid out from being drawn).
    await layOutFigure(slot);
    const { core = null, specs = new Map(), failure } = needsCore(slot) ? await coreReady : {};
    if (failure) return; // the slot says why (above)
    const started = performance.now();
    try {
      const figure = await mountOne(slot, id, core, specs);
      if (specs.has(id) && figure) {
        // A claim's spread the move's answer left pending is measured now: draw it in.
        const prepare = idlePreparation(core, id, () => {
          if (figure.result()?.pending) figure.refresh();
        });
        prepare();
        figure.onUpdate(prepare);
      }
      // The formula terms this figure's controls change become buttons that say so, now.
      describeFormulaTerms();
    } finally {
      // In the browser's performance timeline (DevTools, the benchmark): from the start of the
      // figure's mount to its first drawing (the parts are measured by figure-host.js).
      performance.measure?.(`mount ${id}`, { start: started });
    }
  };
  const mountOne = async (slot, id, core, specs) => {
    const module = modules[id];
    // A figure with nothing to compute (the §2 formula's legend) brings its own spec.
    const spec = specs.get(id) ?? module?.coreFreeSpec;
    if (!spec || !module?.mount) {
      showSlotStatus(slot, NOT_BUILT_TEXT, 'todo');
      return;
    }
    // A figure placed twice keeps one state in the URL (the first); the copy starts at defaults.
    // The URL is read now, not when the page opened: it holds what the reader has done since.
    const first = !figures.has(id);
    const hash = parseHash(location.hash, { defaultFigure });
    const { params, notes } = first ? initialStateFromHash(hash, spec) : { params: {}, notes: [] };
    const figure = await mountFigure(slot, {
      core, spec, module, initialParams: params, notes,
      instanceId: first ? id : `${id}-${slots.indexOf(slot)}`,
      onChange: first ? writeHash : null,
      embedUrl: (_, current) => embedUrlFor(spec, current),
    });
    if (first) figures.set(id, figure);
    return figure;
  };

  // A figure whose state the URL holds, or whose anchor it names, mounts before the others.
  const named = (hash) => {
    const state = parseHash(hash, { defaultFigure });
    return slots.filter((slot) => state.byFigure.has(slot.dataset.figure) || slot === slotOfAnchor(hash));
  };
  // An embed has one figure: no reason to wait for anything.
  const { mountNow, allMounted } = scheduleMounts(slots, mountSlot, { lazy: !defaultFigure });
  for (const slot of named(location.hash)) mountNow(slot);

  // A hash edited by hand or followed from a link: apply it (our own writes fire no event).
  window.addEventListener('hashchange', () => {
    knownHash = location.hash;
    for (const slot of named(location.hash)) mountNow(slot);
    if (!isStateHash(location.hash)) return;
    const next = parseHash(location.hash, { defaultFigure });
    for (const figure of figures.values()) {
      const { params, notes } = initialStateFromHash(next, figure.spec);
      figure.setParams({ ...defaultParams(figure.spec.params), ...params }, { notes });
    }
  });

  await allMounted;
  return figures;
}

// Returns the URL's hash afterwards.
function writeStateToUrl(figures) {
  const states = [...figures].map(([id, figure]) => [id, { params: figure.params, specs: figure.spec.params }]);
  const state = serialiseHash(states);
  if (!state && !isStateHash(location.hash)) return location.hash; // keep an ordinary #section anchor
  const url = `${location.pathname}${location.search}${state ? `#${state}` : ''}`;
  try {
    history.replaceState(history.state, '', url);
  } catch {
    // An opaque-origin (sandboxed) embed may refuse history updates; the state still works.
  }
  return location.hash;
}
