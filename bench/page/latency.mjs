// Interaction latency of every figure on the chapter page, driven as a reader would: the keyboard
// (focus a control, press the arrows through its whole range and back) and the pointer (click
// along a slider's track, drag its thumb end to end, click each choice). The page-side probe
// (probes.mjs) times each move from the input event to the end of the frame that shows it.
import { installLatencyProbe } from './probes.mjs';
import { openFoldedFigures, routeCoreThroughWrapper, slowCpu, waitForAllFigures, waitForQuiet, watchErrors } from './browser.mjs';
import { median, summary } from './stats.mjs';

const ARROW_LIMIT = 30;   // arrow presses per direction; a longer range is crossed by PageUp/Down too
const BUTTON_PRESSES = 8;
export const FRAME_MS = 1000 / 60; // a frame at 60 Hz: a move whose work fits shows at the next one
// The latency part again as a mid-range phone runs the page: 360 px wide with touch, the CPU
// slowed 4× as Lighthouse's mobile run slows it (run-page.mjs, part "phone": a reading, no budget).
export const PHONE = { width: 360, height: 780, cpuSlowdown: 4 };

// The controls of one figure slot (the toolbar's export buttons are not figure controls; the
// formula figure's jump buttons scroll the page, 播放 starts a timer and figure2's button starts
// two training workers, so they are left out).
function listControls(page, id) {
  return page.evaluate((figureId) => {
    const slot = document.querySelector(`[data-figure="${CSS.escape(figureId)}"]`);
    const controls = [];
    slot.querySelectorAll('input[type="range"]').forEach((input, index) => {
      const steps = Math.round((Number(input.max) - Number(input.min)) / (Number(input.step) || 1));
      controls.push({ kind: 'range', index, name: input.id || input.name, steps });
    });
    const radioNames = [...new Set([...slot.querySelectorAll('input[type="radio"]')].map((r) => r.name))];
    radioNames.forEach((name) => {
      const count = slot.querySelectorAll(`input[type="radio"][name="${CSS.escape(name)}"]`).length;
      controls.push({ kind: 'radio', name, count });
    });
    slot.querySelectorAll('[role="radiogroup"]').forEach((group, index) => {
      controls.push({ kind: 'word-radio', index, name: group.closest('[data-param]')?.dataset.param ?? `group${index}`, count: group.querySelectorAll('[role="radio"]').length });
    });
    slot.querySelectorAll('input[type="number"]').forEach((input, index) => controls.push({ kind: 'number', index, name: input.id }));
    const buttons = [...slot.querySelectorAll('.figure-mount button')]
      .filter((b) => !b.matches('[role="radio"], .formula-jump, .decoder-play, .figure2-start'));
    // A button is a control of its own by what it says: the formula's six legend pins each open
    // their own term's popover; buttons that say the same thing are one control, moved once.
    const said = (b) => b.textContent.split('：')[0].replace(/\s+/g, ' ').trim();
    const byLabel = new Map();
    for (const b of buttons) {
      const key = `${b.className}|${said(b)}`;
      if (!byLabel.has(key)) byLabel.set(key, { index: buttons.indexOf(b), name: `${b.className || 'button'} ${said(b)}`.trim() });
    }
    for (const { index, name } of byLabel.values()) controls.push({ kind: 'button', index, name });
    return controls;
  }, id);
}

const slotOf = (page, id) => page.locator(`[data-figure="${id}"]`).first();

function controlLocator(page, id, control) {
  const slot = slotOf(page, id);
  switch (control.kind) {
    case 'range': return slot.locator('input[type="range"]').nth(control.index);
    case 'number': return slot.locator('input[type="number"]').nth(control.index);
    case 'radio': return slot.locator(`input[type="radio"][name="${control.name}"]`);
    case 'word-radio': return slot.locator('[role="radiogroup"]').nth(control.index).locator('[role="radio"]');
    case 'button': return slot.locator('.figure-mount button:not([role="radio"]):not(.formula-jump):not(.decoder-play):not(.figure2-start)').nth(control.index);
    default: throw new Error(`unknown control kind ${control.kind}`);
  }
}

// Key sequences that walk a control through its range and back.
function keySequence(control) {
  const repeat = (key, n) => Array.from({ length: n }, () => key);
  switch (control.kind) {
    case 'range': {
      const arrows = Math.min(control.steps, ARROW_LIMIT);
      const pages = control.steps > ARROW_LIMIT ? 11 : 0;
      return ['Home', ...repeat('ArrowRight', arrows), ...repeat('PageUp', pages), 'End',
        ...repeat('ArrowLeft', arrows), ...repeat('PageDown', pages), 'Home'];
    }
    case 'radio':
    case 'word-radio':
      return [...repeat('ArrowRight', control.count), ...repeat('ArrowLeft', control.count)];
    case 'number': return [...repeat('ArrowUp', 15), ...repeat('ArrowDown', 30), ...repeat('ArrowUp', 15)];
    case 'button': return repeat('Enter', BUTTON_PRESSES);
    default: return [];
  }
}

async function focusControl(locator, control) {
  if (control.kind === 'word-radio') {
    const all = await locator.all();
    let target = all[0];
    for (const b of all) if ((await b.getAttribute('aria-checked')) === 'true') target = b;
    await target.focus();
  } else {
    await locator.focus();
  }
}

async function settle(page) {
  return page.evaluate(() => window.__latencyProbe.settle());
}

// A key pressed as a reader presses it: down, and up once the move is drawn (a reader's key comes
// up a tenth of a second later; held, it repeats without coming up). Playwright's press() lifts
// the key at once, before the move's frame. Blink brings style and layout up to date to dispatch
// that keyup, so the move's layout ran in a task of its own, between its script and its frame,
// where the probe counted it in neither (bench/HISTORY.md, twenty-sixth pass).
async function press(page, key) {
  await page.keyboard.down(key);
  const moves = await settle(page);
  await page.keyboard.up(key);
  return moves;
}

// A click as a reader clicks, for the same reason: the button comes up after the frame of what
// its press moved (a slider's value), and what the release moves (a radio, a button, a slider's
// change) is drawn in a frame of its own. Returns the moves of both.
async function click(page, x, y) {
  await page.mouse.move(x, y);
  await page.mouse.down();
  const pressed = await settle(page);
  await page.mouse.up();
  return [...pressed, ...(await settle(page))];
}

// The page quiet before a control's first move, as a reader's is when they reach for it: a move
// timed right after a scroll or the load would count the drawing of what came into view, and
// the chapter's idle work, as the move's own (the floors below are timed on a quiet page too).
// quietWaiter(page) makes that wait for one page; its `misses` counts the waits that ran out
// (reported as notQuiet), and `endPause()` says whether a wait came since it was last asked:
// the move recorded then is the first after a pause, as a reader's usually is, and costs more
// than the same move made right after another (bench/HISTORY.md, nineteenth pass).
function quietWaiter(page) {
  let paused = false;
  const quiet = async () => {
    if (!(await waitForQuiet(page))) quiet.misses += 1;
    paused = true;
  };
  quiet.misses = 0;
  quiet.endPause = () => {
    const was = paused;
    paused = false;
    return was;
  };
  return quiet;
}

async function driveKeyboard(page, id, control, record, quiet) {
  const locator = controlLocator(page, id, control);
  if (control.kind === 'radio') {
    // Focus the checked radio of the group (the one Tab would reach).
    await page.evaluate(([figureId, name]) => {
      const slot = document.querySelector(`[data-figure="${CSS.escape(figureId)}"]`);
      const radios = [...slot.querySelectorAll(`input[type="radio"][name="${CSS.escape(name)}"]`)];
      (radios.find((r) => r.checked) ?? radios[0]).focus();
    }, [id, control.name]);
  } else {
    await focusControl(locator, control);
  }
  await settle(page); // the focus itself may redraw (term lighting): not a move of the control
  await quiet();  // and may scroll: what that brings into view is drawn before the first key
  for (const key of keySequence(control)) record(await press(page, key), key);
}

// The moves of a click at the centre of `locator`, or null when it has no box.
async function clickCentre(page, locator) {
  const box = await locator.boundingBox();
  return box ? click(page, box.x + box.width / 2, box.y + box.height / 2) : null;
}

async function drivePointer(page, id, control, record, quiet) {
  const locator = controlLocator(page, id, control);
  if (control.kind === 'range') {
    await locator.scrollIntoViewIfNeeded();
    await quiet();
    const box = await locator.boundingBox();
    if (!box) return;
    const y = box.y + box.height / 2;
    const xAt = (f) => box.x + 8 + f * (box.width - 16); // the thumb's centre never reaches the very edge
    for (let k = 0; k <= 10; k += 1) record(await click(page, xAt(k / 10), y), 'click');
    await page.mouse.move(xAt(0), y);
    await page.mouse.down();
    for (let k = 1; k <= 24; k += 1) await page.mouse.move(xAt(k / 24), y);
    await page.mouse.up();
    record(await settle(page), 'drag');
  } else if (control.kind === 'radio') {
    // The radio itself is invisible over its label: click the label, as a reader does.
    const labels = await locator.evaluateAll((radios) => radios.length);
    for (const order of [[...Array(labels).keys()], [...Array(labels).keys()].reverse()]) {
      for (const i of order) {
        const moves = await clickCentre(page, locator.nth(i).locator('xpath=..'));
        if (moves) record(moves, 'click');
      }
    }
  } else if (control.kind === 'word-radio') {
    const count = await locator.count();
    for (const i of [...Array(count).keys(), ...[...Array(count).keys()].reverse()]) {
      const moves = await clickCentre(page, locator.nth(i));
      if (moves) record(moves, 'click');
    }
  } else if (control.kind === 'button') {
    await locator.scrollIntoViewIfNeeded();
    await quiet();
    for (let k = 0; k < 4; k += 1) {
      const moves = await clickCentre(page, locator);
      if (moves) record(moves, 'click');
    }
  }
}

// For each control, its first move after a pause over the median of its other moves made the
// same way (the same key, a click, a drag): what a pause adds to the same move (bench/HISTORY.md,
// nineteenth pass). A Home that jumps a slider to its start stands against the Home back there
// at the end, which may move less.
function afterPauseRatios(moves) {
  const byWay = new Map();
  for (const m of moves) {
    const key = `${m.control}|${m.mode}|${m.action}`;
    if (!byWay.has(key)) byWay.set(key, { first: null, others: [] });
    const way = byWay.get(key);
    if (m.afterPause) way.first = m.total;
    else way.others.push(m.total);
  }
  return [...byWay.values()].filter((d) => d.first !== null && d.others.length).map((d) => d.first / median(d.others));
}

function figureSummary(id, moves) {
  const pick = (key) => moves.map((m) => m[key]);
  const byControl = {};
  for (const m of moves) (byControl[m.control] ??= []).push(m.total);
  return {
    id,
    moves: moves.length,
    script: summary(pick('script')),
    core: summary(pick('core')),
    render: summary(pick('render')),
    total: summary(pick('total')),
    toPaint: summary(pick('toPaint')),
    controls: Object.fromEntries(Object.entries(byControl).map(([name, totals]) => [name, summary(totals)])),
    worst: [...moves].sort((a, b) => b.total - a.total).slice(0, 3),
    afterPause: summary(afterPauseRatios(moves)),
    inOneFrame: moves.length ? moves.filter((m) => m.total <= FRAME_MS).length / moves.length : null,
  };
}

// The floor of this environment: the same probe on a page whose only work is one slider that
// writes its value beside it (headless Chromium, software compositing, a shared CPU), moved with
// the keyboard as the figures' sliders are. Whatever a figure costs comes on top.
const FLOOR_SLIDER = '<label>n <input type="range" min="0" max="100" value="50"></label><output>50</output>';
const FLOOR_PAGE = `<!doctype html><meta charset="utf-8">${FLOOR_SLIDER}`;

// Presses the arrows on the floor slider inside `box` (a selector of the page): {moves, script,
// render, total}.
async function pressFloorSlider(page, box, presses, quiet) {
  await page.evaluate((selector) => {
    const root = document.querySelector(selector);
    const out = root.querySelector('output');
    root.querySelector('input').addEventListener('input', (event) => { out.textContent = event.target.value; });
  }, box);
  const moves = [];
  await page.focus(`${box} input`);
  await settle(page);
  await quiet(); // what the scroll or the load brought into view is drawn
  for (let i = 0; i < presses; i += 1) {
    moves.push(...(await press(page, i % 40 < 20 ? 'ArrowRight' : 'ArrowLeft')));
  }
  return { moves: moves.length, script: summary(moves.map((m) => m.script)), render: summary(moves.map((m) => m.render)), total: summary(moves.map((m) => m.total)) };
}

// Returns the floor and how many of its waits for a quiet page ran out.
async function calibrate(context, presses, cpuSlowdown) {
  const page = await context.newPage();
  await slowCpu(page, cpuSlowdown);
  await page.addInitScript(installLatencyProbe);
  await page.goto(`data:text/html,${encodeURIComponent(FLOOR_PAGE)}`);
  const quiet = quietWaiter(page);
  const floor = await pressFloorSlider(page, 'body', presses, quiet);
  await page.close();
  return { floor, notQuiet: quiet.misses };
}

// The same slider set into the chapter just above a figure, in view with the figure under it:
// what a move costs in the chapter before any figure does anything (each frame there lays out,
// hit-tests and paints a long page). Reported beside the floor; the budget stays the floor's.
// The slider's block is one the page has laid out, as the prose around it is (is-laid-out,
// web/css/layout.css): a block not yet laid out is `content-visibility: auto`, whose paint
// containment made the whole page layerize again each frame (about 0.4 ms, traced; the
// thirty-third pass in bench/HISTORY.md), which no reader's prose block does near the view.
async function chapterFloor(page, quiet, besideId, presses = 80) {
  await page.evaluate(([html, id]) => {
    const box = document.createElement('div');
    box.id = 'bench-floor-slider';
    box.className = 'is-laid-out';
    box.innerHTML = html;
    const slot = document.querySelector(`[data-figure="${CSS.escape(id)}"]`);
    slot.before(box);
    slot.scrollIntoView({ block: 'center' });
  }, [FLOOR_SLIDER, besideId]);
  await page.mouse.move(0, 0);
  const floor = await pressFloorSlider(page, '#bench-floor-slider', presses, quiet);
  await page.evaluate(() => document.getElementById('bench-floor-slider').remove());
  return { beside: besideId, ...floor };
}

// Drives every mounted figure of index.html, on pages whose CPU is slowed `cpuSlowdown` times
// (1: as it is; the floors are measured the same way). Returns {figures: [summary], floor,
// inChapter (the floor's slider in the chapter, chapterFloor; null when no figure was measured),
// notQuiet (waits for a quiet page that ran out, quietWaiter), errors, seconds}.
export async function measureLatency({ context, baseUrl, log = () => {}, only = null, cpuSlowdown = 1 }) {
  const started = performance.now();
  const page = await context.newPage();
  await slowCpu(page, cpuSlowdown);
  const errors = watchErrors(page);
  await page.addInitScript(installLatencyProbe);
  await routeCoreThroughWrapper(page);
  await page.goto(new URL('index.html', baseUrl).href, { waitUntil: 'load' });
  const slots = await waitForAllFigures(page);
  await openFoldedFigures(page);
  await page.mouse.move(0, 0);
  const quiet = quietWaiter(page);
  await quiet();
  const figures = [];
  const seen = new Set();
  for (const { id, state } of slots) {
    if (seen.has(id) || state !== 'ready' || (only && !only.includes(id))) continue;
    seen.add(id);
    const controls = await listControls(page, id);
    await slotOf(page, id).scrollIntoViewIfNeeded();
    await quiet();
    const moves = [];
    for (const control of controls) {
      for (const [mode, drive] of [['keyboard', driveKeyboard], ['pointer', drivePointer]]) {
        const record = (list, action) => {
          const afterPause = quiet.endPause(); // a key that moved nothing still ends the pause
          list.forEach((m, k) => moves.push({ ...m, control: `${control.name} (${control.kind})`, mode, action, afterPause: afterPause && k === 0 }));
        };
        await drive(page, id, control, record, quiet);
      }
    }
    const s = figureSummary(id, moves);
    figures.push(s);
    log(`  ${id}: ${s.moves} moves, total p50 ${s.total.p50?.toFixed(2)} p95 ${s.total.p95?.toFixed(2)} max ${s.total.max?.toFixed(2)} ms`);
  }
  const measured = figures.find((f) => f.moves);
  const inChapter = measured ? await chapterFloor(page, quiet, measured.id) : null;
  await page.close();
  const { floor, notQuiet: floorNotQuiet } = await calibrate(context, 80, cpuSlowdown);
  const notQuiet = quiet.misses + floorNotQuiet;
  log(`  environment floor (a one-slider page): total p50 ${floor.total.p50?.toFixed(2)} p95 ${floor.total.p95?.toFixed(2)} ms`);
  if (inChapter) log(`  the same slider in the chapter, above ${inChapter.beside}: total p50 ${inChapter.total.p50?.toFixed(2)} p95 ${inChapter.total.p95?.toFixed(2)} ms`);
  if (notQuiet) log(`  the page was not quiet within 10 s before ${notQuiet} control(s): their first moves may count other work`);
  return { figures, floor, inChapter, notQuiet, errors, seconds: (performance.now() - started) / 1000 };
}
