// The page benchmark's report: build/bench/page-report.json (everything) and build/bench/page-report.md
// (the tables, and the budgets below, met or missed; bench/README.md lists them).
import fs from 'node:fs';
import path from 'node:path';
import { trainingSection } from './training.mjs';
import { lighthouseSection } from './lighthouse.mjs';
import { FRAME_MS } from './latency.mjs';
import { MAX_OTHER_CPUS } from './other-work.mjs';
import { asKbps } from './cold-load.mjs';

export const BUDGETS = {
  latencyP95OverFloor: 2,      // a move's p95 at most this many times the one-slider floor's p95
  latencyP99Ms: 12,            // and its p99 inside one frame, with room for the compositor
  gzipBytes: 350 * 1024,
  viewportInteractiveMs: 500,  // the figures in the first viewport drawn and answering
  scrolledToMs: 1000,          // a figure far below, jumped to at load: drawn and answering after the jump
  browserTrainingMs: 60 * 1000,  // both Figure 2 models retrained in two workers
  trainingTaskMs: 50,          // and no main-thread task longer than this meanwhile
  lighthousePerformance: 90,   // Lighthouse's mobile run (score out of 100; the others must be 100)
  lighthouseTbtMs: 200,
};

const ms = (x) => (x === null || x === undefined ? '—' : x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const kb = (x) => (x === null || x === undefined ? '—' : `${(x / 1024).toFixed(1)} KB`);
const mark = (pass) => (pass ? 'met' : '**missed**');
const triple = (s) => `${ms(s.p50)} / ${ms(s.p95)} / ${ms(s.p99)} / ${ms(s.max)}`;
// A figure's latency against the floor of the same run (null when the run measured none).
const p95Limit = (latency) => (latency.floor ? BUDGETS.latencyP95OverFloor * latency.floor.total.p95 : null);
const meetsP95 = (f, latency) => p95Limit(latency) !== null && f.total.p95 <= p95Limit(latency);
const ratio = (value, floor) => (Number.isFinite(value) && floor > 0 ? value / floor : null);

// Each budget with its measured value and, where the run measured one, the floor it is compared
// with (the same measure on a trivial page in the same run) and the ratio to it:
// [{name, value, limit, floor, ratio, pass}].
export function budgetResults(report) {
  const out = [];
  const add = (name, value, limit, floor, pass) => out.push({ name, value, limit, floor: floor ?? null, ratio: ratio(value, floor), pass });
  const latencyFloor = report.latency?.floor?.total;
  for (const f of report.latency?.figures ?? []) {
    if (!f.moves) continue;
    const limit = latencyFloor ? BUDGETS.latencyP95OverFloor * latencyFloor.p95 : null;
    add(`latency p95 ≤ ${BUDGETS.latencyP95OverFloor}× floor (${f.id})`, f.total.p95, limit, latencyFloor?.p95, limit !== null && f.total.p95 <= limit);
    add(`latency p99 < ${BUDGETS.latencyP99Ms} ms (${f.id})`, f.total.p99, BUDGETS.latencyP99Ms, latencyFloor?.p99, f.total.p99 < BUDGETS.latencyP99Ms);
  }
  const load = report.coldLoad?.[0];
  const loadFloor = report.loadFloor?.interactive;
  if (load) {
    add(`cold load gzipped (${load.page})`, load.totals.gzip, BUDGETS.gzipBytes, null, load.totals.gzip < BUDGETS.gzipBytes);
    if (load.timing.viewportSlots?.length) {
      add(`cold load, figures in view interactive (${load.page})`, load.timing.viewportInteractive, BUDGETS.viewportInteractiveMs, loadFloor,
        load.timing.viewportInteractive < BUDGETS.viewportInteractiveMs);
    }
  }
  const jump = report.scrolledTo;
  if (jump) add('cold load, a figure jumped to at load interactive after the jump', jump.ms, BUDGETS.scrolledToMs, null, jump.ms < BUDGETS.scrolledToMs);
  const lh = report.lighthouse?.median;
  if (lh) {
    add('lighthouse mobile performance', lh.scores.performance, BUDGETS.lighthousePerformance, null, lh.scores.performance >= BUDGETS.lighthousePerformance);
    add('lighthouse total blocking time', lh.figures.totalBlockingTime, BUDGETS.lighthouseTbtMs, null, lh.figures.totalBlockingTime < BUDGETS.lighthouseTbtMs);
    for (const category of ['accessibility', 'best-practices', 'seo']) add(`lighthouse ${category}`, lh.scores[category], 100, null, lh.scores[category] === 100);
  }
  if (report.training) {
    const t = report.training;
    add('figure2 browser training (wall)', t.wallMs, BUDGETS.browserTrainingMs, null, t.state === 'done' && t.wallMs < BUDGETS.browserTrainingMs);
    add('figure2 browser training: longest main-thread task', t.longTasks.maxMs, BUDGETS.trainingTaskMs, null, t.state === 'done' && t.longTasks.maxMs <= BUDGETS.trainingTaskMs);
  }
  for (const [metric, v] of Object.entries(report.memory?.verdict ?? {})) {
    if (!v.unavailable) add(`memory growth (${metric})`, v.growth, v.allowed, null, v.pass);
  }
  return out;
}

// The budgets, one row each: the measure, its limit, the floor of the same run and the ratio.
function budgetTable(budgets) {
  const value = (b, x) => (x === null || x === undefined ? '—' : /gzipped|memory|lighthouse [a-z-]+$|performance$/.test(b.name) ? String(Math.round(x)) : ms(x));
  return [
    '| budget | measured | limit | floor (same run) | × floor | |',
    '|---|---:|---:|---:|---:|---|',
    ...budgets.map((b) => `| ${b.name} | ${value(b, b.value)} | ${value(b, b.limit)} | ${value(b, b.floor)} | ${b.ratio === null ? '—' : `${b.ratio.toFixed(1)}×`} | ${mark(b.pass)} |`),
    '',
  ];
}

// For each figure over the p95 budget: how far over, and whether its own script or the frame
// after it (style, layout, paint, measured against the floor page's frame) takes the time.
function missedLatencyExplained(latency) {
  const missed = latency.figures.filter((f) => f.moves && (!meetsP95(f, latency) || f.total.p99 >= BUDGETS.latencyP99Ms));
  if (!missed.length) return [];
  const floor = latency.floor?.render?.p50;
  const lines = missed.map((f) => {
    const part = f.render.p95 >= f.script.p95 ? 'the frame after the move' : 'the figure\'s own script';
    const overFloor = floor ? ` (render p50 ${ms(f.render.p50)} ms, ${(f.render.p50 / floor).toFixed(1)}× the floor's ${ms(floor)} ms)` : '';
    return `- ${f.id}: p95 ${ms(f.total.p95)} ms (limit ${ms(p95Limit(latency))}), p99 ${ms(f.total.p99)} ms; script p95 ${ms(f.script.p95)} + ` +
      `render p95 ${ms(f.render.p95)}${overFloor}; most of it: ${part}.`;
  });
  return [
    `### Where a latency budget is missed, and by how much (${missed.length} of ${latency.figures.filter((f) => f.moves).length} figures)`,
    '',
    ...lines,
    '',
    'The render column is Chromium\'s work for the frame that shows the move: style, layout and paint of what changed. Each ' +
      'figure is `contain: layout paint`, so that work stays inside its box, and redraws write only the attributes that ' +
      'changed; what is left is the figure\'s own SVG and text being restyled and painted in software (headless, ' +
      '--disable-gpu) on a CPU shared with other work, plus the floor every frame pays here. The max column is dominated by ' +
      'moves that land on a busy moment of the shared machine (see the load average above); the p50 is the steadier figure.',
    '',
  ];
}

function latencySection(latency) {
  if (!latency) return [];
  // A figure with no control the probe moves (figure2's only button starts minutes of training,
  // measured in its own section) has no latency to judge.
  // The floor slider set into the chapter (latency.mjs, chapterFloor), and its p95 over the floor's.
  const inChapter = latency.floor ? latency.inChapter ?? null : null;
  const inChapterRatio = inChapter ? inChapter.total.p95 / latency.floor.total.p95 : null;
  // Each figure's p95 over that slider's: what the same rule would say measured from the chapter's
  // own frame rather than a blank page's. A reading beside the budget, which it does not replace.
  const overChapter = (f) => f.total.p95 / inChapter.total.p95;
  const chapterCell = (f) => (inChapter ? `${overChapter(f).toFixed(1)}×` : '—');
  const rows = latency.figures.map((f) => (f.moves
    ? `| ${f.id} | ${f.moves} | ${ms(f.core?.p50)} / ${ms(f.core?.p95)} | ${triple(f.script)} | ${triple(f.render)} | ${triple(f.total)} | ${ms(f.toPaint.p50)} | ` +
      `${(f.total.p95 / latency.floor.total.p95).toFixed(1)}× | ${chapterCell(f)} | ${mark(meetsP95(f, latency))} / ${mark(f.total.p99 < BUDGETS.latencyP99Ms)} |`
    : `| ${f.id} | 0 | — | — | — | — | — | — | — | not measured (no control moved) |`));
  const measured = latency.figures.filter((f) => f.moves);
  const withinChapter = inChapter ? measured.filter((f) => overChapter(f) <= BUDGETS.latencyP95OverFloor) : [];
  // A control's first move after the page was quiet, over its other moves (latency.mjs).
  const pauses = latency.figures.filter((f) => f.afterPause?.n);
  const pauseLine = pauses.length ? [
    `A control's first move after a pause (the page quiet, as before a reader's move) took ${pauses.map((f) => `${f.id} ` +
      `${f.afterPause.p50.toFixed(1)}×`).join(', ')} the median of the same control's other moves made the same way (the same key, a click; ` +
      'the median over the figure\'s controls). The worst moves marked so are partly that pause\'s cost.', ''] : [];
  return [
    '## Interaction latency',
    '',
    `Budget: total p95 at most ${BUDGETS.latencyP95OverFloor}× the floor's (a one-slider page measured in the same run) and ` +
      `p99 under ${BUDGETS.latencyP99Ms} ms, from the input event to the finished redraw. ` +
      'Every control of every figure on index.html, moved with the keyboard (arrows through the whole range and back; ' +
      'PageUp/PageDown across long ranges; Enter on buttons) and with the pointer (clicks along a slider\'s track, a drag ' +
      'end to end, clicks on every choice). **script**: the input event\'s handlers (state, core call, d3 redraw), of which ' +
      '**core** is the WASM core\'s figure() call; ' +
      '**render**: the following frame\'s rAF, style, layout and paint; **total** = script + render; **to paint**: ' +
      'from the input to the end of that frame, vsync wait included. Milliseconds, p50 / p95 / p99 / max. ' +
      'Each control is first moved once the page has been quiet for 300 ms (what a scroll brought into view drawn, the page\'s ' +
      'idle work done), as the floors are' +
      (latency.notQuiet ? `; **${latency.notQuiet} time(s) the page was not quiet within 10 s**, and the first moves after that may count other work.` : '.'),
    '',
    '| figure | moves | core p50 / p95 | script | render | total | to paint p50 | total p95 × floor | × the slider in the chapter | budget p95 / p99 |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rows,
    ...(latency.floor ? [`| *floor: a page with one slider and its value* | ${latency.floor.moves} | — | ${triple(latency.floor.script)} | ${triple(latency.floor.render)} | ${triple(latency.floor.total)} | | 1.0× | | |`] : []),
    ...(inChapter ? [`| *the same slider in the chapter, above ${inChapter.beside}* | ${inChapter.moves} | — | ` +
      `${triple(inChapter.script)} | ${triple(inChapter.render)} | ${triple(inChapter.total)} | | ${inChapterRatio.toFixed(1)}× | 1.0× | |`] : []),
    '',
    'The floor row is what the same probe measures on a trivial page in the same browser at the same time: the cost of a frame ' +
      'in this environment (headless, software compositing, a shared CPU), which every figure pays on top of its own work.',
    ...(inChapter ? ['', 'The row under it is that slider set into index.html just above a figure, in view, ' +
      'after every figure was driven: what a move costs in the chapter before any figure does anything (each frame lays out, ' +
      `hit-tests and paints a long page). Of the ${BUDGETS.latencyP95OverFloor}× the budget allows, the chapter alone takes ` +
      `${inChapterRatio.toFixed(1)}× (p95 ${ms(inChapter.total.p95)} of ${ms(p95Limit(latency))} ms), leaving ` +
      `${ms(Math.max(0, p95Limit(latency) - inChapter.total.p95))} ms at p95 for a figure's core call, its redraw and its own part of the frame.`,
      '', `The column "× the slider in the chapter" sets each figure's p95 against that row's instead of the floor's: ` +
      'a figure\'s move against a move in the same chapter that redraws nothing. It is a reading, not the budget. ' +
      `${withinChapter.length} of ${measured.length} figures are within ${BUDGETS.latencyP95OverFloor}× of it` +
      `${withinChapter.length ? ` (${withinChapter.map((f) => f.id).join(', ')})` : ''}.`] : []),
    '',
    ...missedLatencyExplained(latency),
    ...slowestMoves(latency.figures),
    ...pauseLine,
    ...(latency.errors.length ? [`Page errors during the run: ${latency.errors.join('; ')}`, ''] : []),
  ];
}

function slowestMoves(figures) {
  return ['Slowest move of each figure:', '', ...figures.flatMap((f) => f.worst.slice(0, 1).map((w) =>
    `- ${f.id}: ${w.control}, ${w.mode} ${w.action}${w.afterPause ? ' (its first move after a pause)' : ''}: ` +
    `script ${ms(w.script)} + render ${ms(w.render)} ms`)), ''];
}

// The latency part at a phone's width and CPU (latency.mjs, PHONE): a reading, not a budget.
function phoneSection(phone) {
  if (!phone) return [];
  const pair = (s) => `${ms(s.p50)} / ${ms(s.p95)}`;
  const row = (label, f, core, inOneFrame) =>
    `| ${label} | ${f.moves} | ${core ? pair(core) : '—'} | ${pair(f.script)} | ${pair(f.render)} | ${triple(f.total)} | ${inOneFrame} |`;
  const measured = phone.figures.filter((f) => f.moves);
  return [
    '## On a phone\'s CPU (a reading, not a budget)',
    '',
    `The latency part again, ${phone.width} px wide with touch, Chromium's CPU slowed ${phone.cpuSlowdown}× (the slowdown of ` +
      'Lighthouse\'s mobile run): what a move costs a reader on a mid-range phone. The same moves as above, pointer moves ' +
      'still made with a mouse; the floors measured at the same slowdown. Milliseconds: core, script and render p50 / p95; total p50 / p95 / ' +
      `p99 / max. **In a frame**: the share of the figure's moves whose work (total) fits in a 60 Hz frame (${ms(FRAME_MS)} ms), ` +
      'so that the move shows at the next one.',
    '',
    '| figure | moves | core | script | render | total | in a frame |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...measured.map((f) => row(f.id, f, f.core, `${Math.round(100 * f.inOneFrame)}%`)),
    ...(phone.floor ? [row('*floor: a page with one slider and its value*', phone.floor, null, '')] : []),
    ...(phone.inChapter ? [row(`*the same slider in the chapter, above ${phone.inChapter.beside}*`, phone.inChapter, null, '')] : []),
    '',
    ...slowestMoves(measured),
    ...(phone.errors.length ? [`Page errors during the run: ${phone.errors.join('; ')}`, ''] : []),
  ];
}

function loadSection(loads, floor) {
  if (!loads?.length) return [];
  const lines = ['## Cold load', '',
    `Budget: under ${kb(BUDGETS.gzipBytes)} gzipped in all, the figures in the first viewport interactive in under ` +
    `${BUDGETS.viewportInteractiveMs} ms, and a figure far below that the reader jumps to the moment those are drawn ` +
    `interactive within ${BUDGETS.scrolledToMs} ms of the jump (the rest mount in idle time: "all figures drawn"). ` +
    'A fresh Chromium profile per run (empty HTTP and code caches), 127.0.0.1, no throttling. Times in ms from navigation ' +
    'start, medians of the runs. "All figures drawn": every [data-figure] slot reached data-state="ready" (or "todo"/"error") ' +
    'and the frame after it was painted. Sizes: bytes on the wire as served (the project server sends the build\'s brotli copies), the ' +
    'file, and gzip -9 of the file (woff2 counted as is: it is compressed already).', ''];
  for (const load of loads) {
    const t = load.timing;
    lines.push(`### ${load.page} (${load.runs} runs)`, '',
      '| | first paint | first contentful paint | DOMContentLoaded | load | wasm fetched | first figure ready | figures in view drawn | all figures ready | all figures drawn (interactive) |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      `| median | ${ms(t.firstPaint)} | ${ms(t.firstContentfulPaint)} | ${ms(t.domContentLoaded)} | ${ms(t.load)} | ${ms(t.wasmFetched)} | ` +
        `${ms(t.firstFigureReady)} | **${ms(t.viewportInteractive)}** | ${ms(t.allFiguresReady)} | **${ms(t.interactive)}** |`,
      `| min – max | ${['firstPaint', 'firstContentfulPaint', 'domContentLoaded', 'load', 'wasmFetched', 'firstFigureReady', 'viewportInteractive', 'allFiguresReady', 'interactive']
        .map((k) => (load.range?.[k] ? `${ms(load.range[k][0])} – ${ms(load.range[k][1])}` : '—')).join(' | ')} |`,
      '', `Slots ready: ${t.readySlots} of ${t.slots}; in the first viewport: ${t.viewportSlots?.join(', ') || 'none'}. ` +
        `Interactive per run: ${load.timingRuns.map((r) => ms(r.interactive)).join(', ')} ms. ` +
        `Main-thread tasks over 50 ms until every figure was drawn: ${t.longTasks} (median of the runs), the longest ` +
        `${ms(t.longestTask)} ms, ${ms(t.blockingTime)} ms over 50 ms in all; the longest part of one figure's mount ` +
        `(figure-host.js: its skeleton, or its first draw): ${ms(t.longestMountPart)} ms (${[...new Set(t.longestMountPartNames ?? [])].join(', ')}).` +
        (floor ? ` Floor (a one-line page, fresh profile, same run): ${ms(floor.interactive)} ms (${ms(floor.range[0])} – ${ms(floor.range[1])}).` : ''), '',
      '| asset | type | transferred | file | gzip -9 | counted |', '|---|---|---:|---:|---:|---:|',
      ...[...load.assets].sort((a, b) => (b.gzipOrRaw ?? 0) - (a.gzipOrRaw ?? 0)).map((a) =>
        `| ${a.path} | ${a.type ?? ''} | ${kb(a.transferred)} | ${kb(a.bytes)} | ${kb(a.gzip)} | ${kb(a.gzipOrRaw)} |`),
      `| **total** (${load.totals.requests} requests) | | ${kb(load.totals.transferred)} | ${kb(load.totals.bytes)} | | **${kb(load.totals.gzip)}** |`,
      '', `Budget: ${mark(load.totals.gzip < BUDGETS.gzipBytes)} (size)${t.viewportSlots?.length ? `, ${mark(t.viewportInteractive < BUDGETS.viewportInteractiveMs)} (figures in view)` : ''}.`, '');
    if (load.errors.length) lines.push(`Page errors: ${load.errors.join('; ')}`, '');
  }
  return lines;
}

// The same cold load on a slow connection (cold-load.mjs, SLOW_4G): a reading, not a budget.
function slowNetworkSection(load) {
  if (!load) return [];
  const t = load.timing;
  const span = (k) => (load.range?.[k] ? ` (${ms(load.range[k][0])} – ${ms(load.range[k][1])})` : '');
  const { name, latency, downloadThroughput, uploadThroughput } = load.network;
  return [`### ${load.page} on ${name} (${load.runs} runs)`, '',
    `The same cold load on Lighthouse's mobile network as its DevTools throttling applies it: each request waits ${latency} ms, ` +
    `the bytes come at ${asKbps(downloadThroughput)} Kbps down and ${asKbps(uploadThroughput)} up (Lighthouse's Kbps, of 1,024 bits). ` +
    'A reading, not a budget: what a reader on a phone\'s slow connection ' +
    `waits for, where a request that waits on another costs a round trip. Medians: first contentful paint ${ms(t.firstContentfulPaint)} ms` +
    `${span('firstContentfulPaint')}, the core's wasm fetched ${ms(t.wasmFetched)} ms${span('wasmFetched')}, the figures in view ` +
    `(${t.viewportSlots?.join(', ') || 'none'}) drawn **${ms(t.viewportInteractive)} ms**${span('viewportInteractive')}, all figures drawn ` +
    `${ms(t.interactive)} ms${span('interactive')}.`, '',
    ...(load.errors.length ? [`Page errors: ${load.errors.join('; ')}`, ''] : [])];
}

function scrolledToSection(jump) {
  if (!jump) return [];
  return ['### A figure far below, jumped to at load', '',
    `A cold load of index.html per run; the moment the figures in the first viewport are drawn, the page scrolls to the last ` +
    `figure not yet drawn, as a reader following a link or flinging the page would. From that scroll to the figure drawn and ` +
    `answering: median **${ms(jump.ms)} ms** (${ms(jump.range[0])} – ${ms(jump.range[1])}) over ${jump.runs} runs, jumping to ` +
    `${[...new Set(jump.figures)].join(', ')} (state ${[...new Set(jump.states)].join(', ')}). ` +
    `Budget ${BUDGETS.scrolledToMs} ms: ${mark(jump.ms < BUDGETS.scrolledToMs)}.`, '',
    ...(jump.errors.length ? [`Page errors: ${jump.errors.join('; ')}`, ''] : [])];
}

function memorySection(memory) {
  if (!memory) return [];
  const fmt = (key, x) => (x === null || x === undefined ? '—' : /Heap|wasm/.test(key) ? `${x.toLocaleString('en')} B` : String(x));
  const rows = Object.entries(memory.verdict).map(([key, v]) => (v.unavailable ? `| ${key} | unavailable | | | | | |`
    : `| ${key} | ${fmt(key, v.before)} | ${fmt(key, v.after)} | ${v.growth >= 0 ? '+' : ''}${fmt(key, v.growth)} | ${fmt(key, v.noise)} | ${fmt(key, v.allowed)} | ${mark(v.pass)} |`));
  const series = memory.series.map((s) => `| ${s.moves} | ${s.jsHeapUsed.toLocaleString('en')} | ${s.wasmAllocated?.toLocaleString('en') ?? '—'} | ${s.wasmHeapBytes?.toLocaleString('en') ?? '—'} | ${s.domNodes} | ${s.listeners} |`);
  const byFigure = memory.byFigure ? ['', `Each figure alone (${memory.byFigure.moves} moves between two canonical sweeps):`, '',
    '| figure | JS heap | WASM allocated | DOM nodes | listeners |', '|---|---:|---:|---:|---:|',
    ...Object.entries(memory.byFigure.growth).map(([id, g]) => `| ${id} | ${g.jsHeapUsed} | ${g.wasmAllocated} | ${g.domNodes} | ${g.listeners} |`)] : [];
  return [
    '## Memory',
    '',
    `${memory.moves.toLocaleString('en')} programmatic control moves (input/change events, the same the browser fires) round robin over ` +
      `${memory.controlCount} controls of every figure on index.html, a frame every 50 moves; ${(memory.msPerMove).toFixed(2)} ms per move, ` +
      `after ${memory.warmupMoves.toLocaleString('en')} warm-up moves (the JS heap grows by some 300 KB over the first few thousand moves — ` +
      'optimised code and inline caches — and is flat after that). ' +
      'Each "before"/"after" value is the median of readings taken after a canonical sweep (every value of every control, there and ' +
      'back, then the page\'s initial state), so the figures\' bounded caches hold the same entries; GC forced through the DevTools ' +
      'protocol before every reading. WASM: the page\'s own core, heapStats() (heap_bytes = linear memory, allocated_bytes = bytes in use). ' +
      'Budget: no growth beyond noise (allowed = 3 × the readings\' spread, at least 256 KB for the JS heap).',
    '',
    '| metric | before | after | growth | noise | allowed | verdict |', '|---|---:|---:|---:|---:|---:|---|',
    ...rows,
    '',
    'Plain readings during the run (not canonicalised: the figures are in whatever state the moves left them):',
    '',
    '| moves | JS heap (B) | WASM allocated (B) | WASM heap (B) | DOM nodes | listeners |', '|---:|---:|---:|---:|---:|---:|',
    ...series,
    ...byFigure,
    '',
    `Every figure still drawn at the end: ${memory.allStillReady ? 'yes' : '**no**'}.${memory.errors.length ? ` Page errors: ${memory.errors.join('; ')}` : ''}`,
    '',
  ];
}

// Other work's share of the machine during each part (other-work.mjs), where it was read.
function otherWorkLine(otherWork = {}) {
  const parts = Object.entries(otherWork).filter(([, cpus]) => cpus !== null);
  if (!parts.length) return [];
  return [`Other work kept busy, on average: ${parts.map(([part, cpus]) => `${cpus.toFixed(2)} CPUs during ${part}`).join(', ')} ` +
    `(the machine's CPU time less the benchmark's own; more than ${MAX_OTHER_CPUS} in a part flags the run).`];
}

export function pageReportMarkdown(report) {
  const m = report.machine;
  const budgets = budgetResults(report);
  const missed = budgets.filter((b) => !b.pass);
  return [
    '# Page benchmark: interaction latency, cold load, memory',
    '',
    `${m.date} · ${m.cpu}, ${m.logicalCpus} logical CPUs · Chromium ${m.chromium} (headless, --disable-gpu) · node ${m.node}`,
    `Load average at start ${m.loadAverageAtStart.map((x) => x.toFixed(2)).join(' ')}, at end ${report.loadAverageAtEnd.map((x) => x.toFixed(2)).join(' ')} ` +
      '(the machine is shared: a load above the core count inflates every time here, the tails most of all; the load at the end is ' +
      'mostly the benchmark\'s own last parts).',
    ...otherWorkLine(report.otherWork),
    '',
    ...(report.unreliable ? [`**Unreliable run** (${m.logicalCpus} CPUs): ${report.unreliableBecause.join('; ')}. Other work shared ` +
      'the CPU with the browser: the ratios to the floors, measured in the same run, are the figures to compare.', ''] : []),
    `Budgets: ${budgets.length - missed.length} of ${budgets.length} met.` + (missed.length ? ` Missed: ${missed.map((b) => b.name).join(', ')}.` : ''),
    '',
    ...budgetTable(budgets),
    ...latencySection(report.latency),
    ...phoneSection(report.phone),
    ...loadSection(report.coldLoad, report.loadFloor),
    ...scrolledToSection(report.scrolledTo),
    ...slowNetworkSection(report.slowNetworkLoad),
    ...lighthouseSection(report.lighthouse),
    ...memorySection(report.memory),
    ...trainingSection(report.training),
    `Run time ${report.seconds.toFixed(0)} s.`,
    '',
  ].join('\n');
}

export function writePageReport(dir, report) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'page-report.json'), JSON.stringify(report, null, 1));
  fs.writeFileSync(path.join(dir, 'page-report.md'), pageReportMarkdown(report));
}
