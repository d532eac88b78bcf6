// ./build.sh bench, part 1: the core's speed on the chapter's real workloads, three ways —
// native, WASM, TensorFlow.js — with every TF.js result checked against the core's numbers.
// Writes build/bench/report.md and build/bench/report.json. Needs ./build.sh build (the native
// and WASM builds, the page's module) and `npm ci --prefix bench`.
import os from 'node:os';
import path from 'node:path';

import { compareOutputs, maxAbsDifference, TOLERANCE } from './compare.mjs';
import { buildDrivers, loadBenchWasm, loadShipped, native, root } from './drivers.mjs';
import { plan, summarize, warmThenTime } from './measure.mjs';
import { machineInfo, writeReport } from './report.mjs';
import { BACKENDS, loadTf, useBackend } from './tfjs_setup.mjs';
import { benchmarkRows, scorersFigureRow } from './workloads.mjs';
import { measureTraining } from './training.mjs';

const log = (...args) => console.log(...args);
const started = performance.now();

// The core columns are timed in ROUNDS rounds, native, WASM core and WASM API in turn, and the
// repetitions of all rounds pooled: on a shared machine the load drifts, and interleaving
// spreads that drift over the three columns instead of landing on one.
const ROUNDS = 3;

// Native and WASM core: one timed call for the estimate, then the planned repetitions, all
// timed inside C++ by the same time_workload().
function timeCore(timeFn, [name, size]) {
  const estimate = timeFn(name, size, 1, 1)[0];
  const p = plan(estimate, { budgetMs: 700, minReps: 3 });
  return { ms: timeFn(name, size, p.reps, p.batch), batch: p.batch };
}

function pooled(rounds) {
  return summarize(rounds.flatMap((r) => r.ms), { batch: rounds[0].batch });
}

function coreColumns(row, bench, shipped) {
  const wasmResult = row.coreResult();
  if (!row.timeCore) return { wasmResult };
  const out = { wasmResult };
  const rounds = { native: [], wasm: [], api: [] };
  let api;
  for (let r = 0; r < ROUNDS; r++) {
    rounds.native.push(timeCore(native.time, row.core));
    rounds.wasm.push(timeCore((...a) => Array.from(bench.timeWorkload(...a)), row.core));
    api = warmThenTime(() => row.api.call(shipped), { budgetMs: 700, minReps: 3 });
    rounds.api.push(api);
  }
  out.native = pooled(rounds.native);
  out.wasm = pooled(rounds.wasm);
  out.api = pooled(rounds.api);
  out.parity = {
    nativeVsWasm: maxAbsDifference(native.result(...row.core), wasmResult, row.outputs),
    apiVsWasm: maxAbsDifference(api.result, wasmResult, row.outputs),
  };
  return out;
}

function tfColumn(tf, row, expected) {
  // The first, untimed call is the warm-up; its result (or the check variant's) is compared.
  const timed = warmThenTime(() => row.tf.call(tf), { minReps: 3, budgetMs: 3000 });
  const actual = row.tf.check ? row.tf.check(tf) : timed.result;
  return { ...timed, result: undefined, check: compareOutputs(actual, expected, row.tf.rules) };
}

const machine = machineInfo(root);
log(`benchmark on ${machine.cpu} (${machine.logicalCpus} CPUs), load ${machine.loadAverageAtStart.map((x) => x.toFixed(1)).join(' ')}`);
log('building the drivers (bench/cpp) …');
buildDrivers();
const [bench, shipped] = await Promise.all([loadBenchWasm(), loadShipped()]);
const rows = benchmarkRows(bench);

const results = [];
for (const row of rows) {
  log(`core: ${row.id}`);
  results.push({ id: row.id, title: row.title, tfLabel: row.tf.label, apiLabel: row.timeCore ? row.api.label : null,
                 ...coreColumns(row, bench, shipped), tf: {} });
}
// A row that only adds a TF.js way to an earlier workload compares with that workload's WASM time.
for (const [i, row] of rows.entries())
  if (!row.timeCore) results[i].wasmForRatio = results.find((r, j) => rows[j].timeCore && rows[j].core.join() === row.core.join())?.wasm;

const tf = loadTf(path.join(root, 'build/bench-tfjs/tfjs.cjs'));
const tfBackends = {};
for (const backend of BACKENDS) {
  tfBackends[backend] = await useBackend(tf, backend);
  for (const [i, row] of rows.entries()) {
    log(`TF.js ${backend}: ${row.id}`);
    results[i].tf[backend] = tfColumn(tf, row, results[i].wasmResult);
    const c = results[i].tf[backend].check;
    if (!c.pass) log(`  numbers differ from the core: ${JSON.stringify(c.outputs)}`);
  }
}

const scorersFigure = [0, 1].map((pair) => {
  const s = scorersFigureRow(shipped, bench, pair);
  if (s.unavailable) return s;
  const difference = maxAbsDifference(s.check, s.expected, ['loss', 'tv']);
  const t = warmThenTime(s.call, { minReps: 5, budgetMs: 2000 });
  return { pair, difference, time: { ...t, result: undefined } };
});

log('Figure 2 training: native vs WASM');
const training = measureTraining(bench);

for (const r of results) delete r.wasmResult;  // large, and the same as the native result
const report = {
  machine, tfBackends, tolerance: TOLERANCE, rows: results, scorersFigure, training,
  loadAverageAtEnd: os.loadavg(), seconds: (performance.now() - started) / 1000,
};
writeReport(path.join(root, 'build', 'bench'), report);
log(`build/bench/report.md and build/bench/report.json written (${report.seconds.toFixed(0)} s)`);
if (results.some((r) => Object.values(r.tf).some((t) => !t.check.pass))) {
  log('some TF.js results differ from the core: those comparisons do not count (see the report)');
}
