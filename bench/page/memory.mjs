// Memory over thousands of control moves: the WASM heap (the page's own core: heapStats()) and the
// JS heap (after a forced GC, from the DevTools protocol), plus the DOM's node and listener counts.
// The page's core is reached without touching the page's code: attn_core.mjs is served through a
// small wrapper module that hands the instance the page creates to window.__attnCore (browser.mjs).
import { openFoldedFigures, routeCoreThroughWrapper, waitForAllFigures, watchErrors } from './browser.mjs';
import { median, spread } from './stats.mjs';

// In the page: every control of every ready figure, each with the values it cycles through and a
// way to apply one programmatically (the same events the browser fires for a reader's move).
function installMover(maxValues) {
  const controls = [];
  const fire = (el, type) => el.dispatchEvent(new Event(type, { bubbles: true }));
  const grid = (min, max, step) => {
    const steps = Math.max(1, Math.round((max - min) / step));
    const count = Math.min(steps + 1, maxValues);
    return Array.from({ length: count }, (_, k) => Number((min + Math.round((k * steps) / Math.max(1, count - 1)) * step).toFixed(6)));
  };
  for (const slot of document.querySelectorAll('[data-figure][data-state="ready"]')) {
    const figure = slot.dataset.figure;
    for (const input of slot.querySelectorAll('input[type="range"], input[type="number"]')) {
      const values = grid(Number(input.min), Number(input.max), Number(input.step) || 1);
      const number = input.type === 'number';
      controls.push({
        figure, name: input.id, values,
        read: () => input.value,
        apply(value) {
          input.value = String(value);
          fire(input, 'input');
          if (number) fire(input, 'change');
        },
      });
    }
    const names = [...new Set([...slot.querySelectorAll('input[type="radio"]')].map((r) => r.name))];
    for (const name of names) {
      const radios = [...slot.querySelectorAll('input[type="radio"]')].filter((r) => r.name === name);
      controls.push({ figure, name, values: radios.map((_, i) => i), read: () => radios.findIndex((r) => r.checked), apply: (i) => radios[i].click() });
    }
    for (const group of slot.querySelectorAll('[role="radiogroup"]')) {
      const buttons = [...group.querySelectorAll('[role="radio"]')];
      controls.push({
        figure, name: group.closest('[data-param]')?.dataset.param ?? 'radiogroup', values: buttons.map((_, i) => i),
        read: () => buttons.findIndex((b) => b.getAttribute('aria-checked') === 'true'), apply: (i) => buttons[i].click(),
      });
    }
  }
  const initial = controls.map((c) => c.read());
  const cursor = controls.map(() => 0);
  let active = controls.map((_, i) => i);
  let moves = 0;
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  window.__mover = {
    count: controls.length,
    list: () => controls.map((c) => `${c.figure}/${c.name} (${c.values.length})`),
    figures: () => [...new Set(controls.map((c) => c.figure))],
    // Restricts the moves to the controls of these figures (null: all of them).
    only(figures) {
      active = controls.map((_, i) => i).filter((i) => !figures || figures.includes(controls[i].figure));
      return active.length;
    },
    // n moves, round robin over the controls, each walking its values back and forth; a frame
    // every `every` moves so the page renders and collects garbage as it would for a reader.
    async run(n, every = 50) {
      const started = performance.now();
      for (let k = 0; k < n; k += 1) {
        const i = active[moves % active.length];
        const c = controls[i];
        const period = Math.max(1, 2 * (c.values.length - 1));
        const at = cursor[i] % period;
        c.apply(c.values[at < c.values.length ? at : period - at]);
        cursor[i] += 1;
        moves += 1;
        if (moves % every === 0) await frame();
      }
      await frame();
      return performance.now() - started;
    },
    // The same sequence every time: from the initial state, every value of every control once
    // (there and back), then the initial state again. The figures' bounded caches (the core's
    // recent-results caches) end up holding the same entries after every canonical sweep, so
    // readings taken after one compare like with like.
    async canonical() {
      await this.reset();
      cursor.fill(0);
      moves = 0;
      const n = active.reduce((sum, i) => sum + Math.max(1, 2 * (controls[i].values.length - 1)), 0);
      const ms = await this.run(n);
      await this.reset();
      return { n, ms };
    },
    // Back to the state the page had when the mover was installed (so DOM sizes compare).
    async reset() {
      controls.forEach((c, i) => {
        const value = initial[i];
        if (value === undefined || value === -1) return;
        if (String(c.read()) !== String(value)) c.apply(value);
      });
      await frame();
    },
    // Every figure still drawn (no slot in the error state).
    states: () => [...document.querySelectorAll('[data-figure]')].map((s) => s.dataset.state),
  };
  return controls.length;
}

async function snapshot(page, cdp) {
  for (let i = 0; i < 3; i += 1) await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  const dom = await cdp.send('Memory.getDOMCounters');
  const wasm = await page.evaluate(() => {
    const core = window.__attnCore;
    const stats = core?.heapStats?.() ?? {};
    return {
      heapBytes: stats.heap_bytes ?? null,
      allocatedBytes: stats.allocated_bytes ?? null,
      memoryBuffer: core?.HEAP8?.buffer?.byteLength ?? null,
      jsUsed: performance.memory?.usedJSHeapSize ?? null,
    };
  });
  return { jsHeapUsed: heap.usedSize, jsHeapTotal: heap.totalSize, perfMemoryUsed: wasm.jsUsed, wasmHeapBytes: wasm.heapBytes, wasmAllocated: wasm.allocatedBytes, domNodes: dom.nodes, listeners: dom.jsEventListeners, documents: dom.documents };
}

// `count` readings, each after a canonical sweep: their spread is the noise of the measure
// itself (the WASM allocator's slack differs by a few hundred bytes from one sweep to the next).
async function canonicalReadings(page, cdp, count = 3) {
  const list = [];
  for (let i = 0; i < count; i += 1) {
    await page.evaluate(() => window.__mover.canonical());
    list.push(await snapshot(page, cdp));
  }
  return list;
}

const METRICS = ['jsHeapUsed', 'wasmAllocated', 'wasmHeapBytes', 'domNodes', 'listeners'];
// The growth a metric may show and still count as "no growth": three times the spread of the
// repeated readings (each after its own canonical sweep), and never less than a floor.
const FLOOR = { jsHeapUsed: 256 * 1024, wasmAllocated: 0, wasmHeapBytes: 0, domNodes: 0, listeners: 0 };

function verdict(before, after) {
  const out = {};
  for (const key of METRICS) {
    const b = before.map((s) => s[key]);
    const a = after.map((s) => s[key]);
    if (b.some((x) => x === null) || a.some((x) => x === null)) {
      out[key] = { unavailable: true };
      continue;
    }
    const noise = Math.max(spread(b), spread(a));
    const growth = median(a) - median(b);
    const allowed = Math.max(3 * noise, FLOOR[key]);
    out[key] = { before: median(b), after: median(a), growth, noise, allowed, pass: growth <= allowed };
  }
  return out;
}

// Which figure grows: for each one alone, canonical sweep, reading, `n` moves, canonical sweep,
// reading (run when the whole page grew, to point at the culprit).
async function growthByFigure(page, cdp, n, log) {
  const out = {};
  for (const figure of await page.evaluate(() => window.__mover.figures())) {
    await page.evaluate((id) => window.__mover.only([id]), figure);
    await page.evaluate(() => window.__mover.canonical());
    const a = await snapshot(page, cdp);
    await page.evaluate((k) => window.__mover.run(k), n);
    await page.evaluate(() => window.__mover.canonical());
    const b = await snapshot(page, cdp);
    out[figure] = Object.fromEntries(METRICS.map((k) => [k, b[k] - a[k]]));
    log(`  memory, ${figure} alone, ${n} moves: ${METRICS.map((k) => `${k} ${out[figure][k] >= 0 ? '+' : ''}${out[figure][k]}`).join(', ')}`);
  }
  await page.evaluate(() => window.__mover.only(null));
  return { moves: n, growth: out };
}

// Loads index.html; a canonical sweep and `warmup` moves to warm up; `readings` readings (each
// after a canonical sweep); `moves` moves with a plain reading at each of `checkpoints`;
// `readings` readings again.
export async function measureMemory({ context, baseUrl, moves = 10000, warmup = 5000, maxValues = 24, checkpoints = 4, readings = 3, perFigure = false, perFigureMoves = 500, log = () => {} }) {
  const started = performance.now();
  const page = await context.newPage();
  const errors = watchErrors(page);
  await routeCoreThroughWrapper(page);
  await page.goto(new URL('index.html', baseUrl).href, { waitUntil: 'load' });
  await waitForAllFigures(page);
  await openFoldedFigures(page);
  if (!(await page.evaluate(() => Boolean(window.__attnCore?.heapStats)))) errors.push('the page core (heapStats) was not reachable');
  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  const controlCount = await page.evaluate(installMover, maxValues);
  const controls = await page.evaluate(() => window.__mover.list());
  const loaded = await snapshot(page, cdp);

  // Warm-up: a canonical sweep (every value of every control: fills the caches), then `warmup`
  // moves more — the JS heap settles only after a few thousand (optimised code, inline caches).
  const { n: sweep, ms: sweepMs } = await page.evaluate(() => window.__mover.canonical());
  const warmMs = sweepMs + (await page.evaluate((n) => window.__mover.run(n), warmup));
  const before = await canonicalReadings(page, cdp, readings);
  log(`  memory: ${controlCount} controls; warm-up ${sweep + warmup} moves (${(warmMs / 1000).toFixed(1)} s); JS heap ${(before[0].jsHeapUsed / 1e6).toFixed(2)} MB, WASM allocated ${before[0].wasmAllocated} B`);

  const series = [];
  const chunk = Math.ceil(moves / checkpoints);
  let runMs = 0;
  for (let done = 0; done < moves; done += chunk) {
    const n = Math.min(chunk, moves - done);
    runMs += await page.evaluate((k) => window.__mover.run(k), n);
    const s = await snapshot(page, cdp);
    series.push({ moves: done + n, ...s });
    log(`  memory: ${done + n} moves: JS heap ${(s.jsHeapUsed / 1e6).toFixed(2)} MB, WASM allocated ${s.wasmAllocated} B, DOM nodes ${s.domNodes}`);
  }
  const after = await canonicalReadings(page, cdp, readings);
  const result = verdict(before, after);
  const byFigure = perFigure || Object.values(result).some((v) => v.pass === false)
    ? await growthByFigure(page, cdp, perFigureMoves, log) : null;
  const states = await page.evaluate(() => window.__mover.states());
  await page.close();
  return {
    moves, controlCount, controls, canonicalSweepMoves: sweep, warmupMoves: sweep + warmup, warmupMs: warmMs, runMs, msPerMove: runMs / moves,
    loaded, before, series, after, verdict: result, byFigure,
    allStillReady: states.every((s) => s === 'ready' || s === 'todo'),
    errors, seconds: (performance.now() - started) / 1000,
  };
}
