// Mounts one figure module into its slot and runs its data flow:
//   control moved → state (params) → module.update(params) (which calls core.figure) → draw.
// The host owns what every figure shares: controls built from the spec, the toolbar, the
// aria-live description, notes (clamped URL values) and errors, and the figure's place in the
// formula-term index (term-index.js). The module only draws.
// Slot markup (from the chapter): <figure data-figure="ID"><h3 class="figure-title">…</h3>
//   [<div class="figure-formula">its formula</div>] <div class="figure-mount">status</div>
//   <div class="figure-notes">…</div></figure>; the controls go right before the mount, so
//   under the figure's formula.
import { element } from './dom.js';
import { buildControls } from './controls.js';
import { buildToolbar } from './toolbar.js';
import { defaultParams } from './url-state.js';
import { indexFigure } from './term-index.js';
import { nextTask } from './next-task.js';
import { mountOf, showSlotStatus } from './slot-status.js';
import { holdWhileInUse } from './height-hold.js';

// Writes notes (array of strings) or an error into the slot's alert box; [] hides it.
// Every control move calls it, almost always with nothing to say: then it writes nothing.
function fillAlert(box, lines, kind) {
  if (!lines.length) {
    if (box.hidden) return;
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  box.className = `figure-alert is-${kind}`;
  const list = element('ul');
  for (const line of lines) list.append(element('li', {}, line));
  box.replaceChildren(list);
  box.hidden = false;
}

// In the browser's performance timeline (DevTools, the benchmark): what each part of a mount costs.
function measured(name, work) {
  const start = performance.now();
  try {
    return work();
  } finally {
    performance.measure?.(name, { start });
  }
}

// options: {core, spec, module, initialParams, notes, instanceId (unique in the page; element
// ids derive from it), onChange(id), embedUrl(id, params)}
// Resolves to the figure once it is drawn (or has failed). Two tasks: the skeleton (controls,
// toolbar, the module's DOM), then the first draw (the core's computation and the drawing), so
// that neither waits for the other's share of the page's thread.
export async function mountFigure(slot, { core, spec, module, initialParams = {}, notes = [], instanceId, onChange, embedUrl }) {
  const id = spec.id;
  const mount = mountOf(slot);
  mount.replaceChildren();
  const title = slot.querySelector('.figure-title')?.textContent.trim() || spec.title || id;
  const controlsBox = element('div', { class: 'figure-controls' });
  const description = element('p', { class: 'figure-description', 'aria-live': 'polite' });
  const alert = element('div', { class: 'figure-alert', hidden: true });
  mount.before(controlsBox);
  mount.after(description, alert);

  let params = { ...defaultParams(spec.params), ...initialParams };
  let result = null;
  let handle = null;
  let noteLines = [...notes];
  const listeners = new Set(); // stand-ins of this figure's controls (term-popover.js)
  let heightHold = null;        // the drawing keeps its height while the reader works it
  const releaseHeight = () => heightHold?.release();

  // The slot's state is an attribute the CSS selects on: rewriting it, even unchanged, makes
  // the browser restyle the whole figure.
  const setState = (state) => {
    if (slot.dataset.state !== state) slot.dataset.state = state;
  };
  // update() returns the result, or a promise of it when the figure's data comes from a module
  // loaded on demand (the decoder's trained weights): only the latest update's answer counts.
  let runs = 0;
  const settle = (ticket, out) => {
    if (ticket !== runs) return;
    result = out;
    setState('ready');
    for (const listener of listeners) listener(result);
    fillAlert(alert, noteLines, 'note');
  };
  const fail = (ticket, error) => {
    if (ticket !== runs) return;
    setState('error');
    fillAlert(alert, [`这张图没能算出来：${error?.message ?? error}`], 'error');
  };
  const run = () => {
    const ticket = ++runs;
    try {
      const out = handle.update({ ...params });
      if (typeof out?.then !== 'function') return settle(ticket, out);
      result = null; // nothing to export until the answer arrives
      fillAlert(alert, noteLines, 'note'); // the link's notes are known now: only the drawing waits
      return out.then((answer) => settle(ticket, answer), (error) => fail(ticket, error));
    } catch (error) {
      return fail(ticket, error);
    }
  };

  const setParams = (partial, { fromControl = false, notes: newNotes } = {}) => {
    params = { ...params, ...partial };
    if (!fromControl) controls.set(params);
    if (newNotes) noteLines = [...newNotes];
    else if (fromControl) noteLines = []; // the reader has moved on from the link's state
    heightHold?.moved();
    run();
    onChange?.(id);
  };

  const ownControls = new Set(module.ownControls ?? []);
  const controls = buildControls(controlsBox, instanceId ?? id, spec.params.filter((s) => !ownControls.has(s.name)), params,
    (name, value) => setParams({ [name]: value }, { fromControl: true }));

  let lastDescription = '';
  const host = {
    id,
    // Unique in the page (a figure placed twice gets a second one): the prefix for element ids.
    instanceId: instanceId ?? id,
    spec,
    title,
    get params() {
      return { ...params };
    },
    setParams: (partial) => setParams(partial),
    // The text alternative of the drawing, read out by screen readers when it changes.
    describe(text) {
      if (text === lastDescription) return;
      lastDescription = text;
      description.textContent = text;
    },
    // The drawing has become a different one (not a move of the same): let it take its own
    // height again rather than the tallest it has had.
    releaseHeight,
  };

  const figure = {
    id,
    title,
    slot,
    spec,
    get params() {
      return { ...params };
    },
    setParams,
    result: () => result,
    svg: () => handle?.svg?.() ?? mount.querySelector('svg'),
    instanceId: instanceId ?? id,
    embedUrl: () => embedUrl(id, params),
    // The same state computed and drawn again: the core has since measured what its last answer
    // left pending (a claim's spread over seeds, figure-page.js).
    refresh: run,
    onUpdate(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const { bar, panel, offerImages } = buildToolbar(figure);
  const titleElement = slot.querySelector('.figure-title');
  if (titleElement) titleElement.after(bar, panel);
  else slot.prepend(bar, panel);

  try {
    handle = measured(`build ${id}`, () => module.mount(mount, core, { ...params }, host));
  } catch (error) {
    showSlotStatus(slot, `这张图没能建立：${error?.message ?? error}`, 'error');
    return figure;
  }
  // Its parts are in and hold their own room (figure.css); the first drawing is on its way.
  setState('drawing');
  await nextTask();
  // Read the width before the first draw, so that reading it does not force a second layout.
  // Reading it lays out the skeleton: in a task of its own, so that no task of the mount holds
  // the page's thread for the skeleton's layout and the first draw together.
  let lastWidth = mount.clientWidth;
  await nextTask();
  measured(`first draw ${id}`, run);
  indexFigure(figure);
  offerImages(Boolean(figure.svg()));

  // From the first drawing on, a move that shortens the drawing leaves the page below in place
  // (height-hold.js). Re-layout on width changes only; the core is not called again for a
  // resize. The drawing at its new width starts again from its natural height.
  if (typeof ResizeObserver === 'function') {
    heightHold = holdWhileInUse(slot, [mount, description]);
    let frame = 0;
    new ResizeObserver(() => {
      if (mount.clientWidth === lastWidth) return;
      lastWidth = mount.clientWidth;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        handle.resize?.();
        releaseHeight();
      });
    }).observe(mount);
  }
  return figure;
}
