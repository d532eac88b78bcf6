// The machine the numbers come from, and the report: build/bench/report.json (everything, every
// repetition) and build/bench/report.md (the tables).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { trainingSection } from './training.mjs';

function firstLine(cmd, args) {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).split('\n')[0].trim();
  } catch {
    return 'unknown';
  }
}

export function machineInfo(root) {
  const cpuinfo = fs.readFileSync('/proc/cpuinfo', 'utf8');
  const field = (name) => (cpuinfo.match(new RegExp(`^${name}\\s*: (.*)$`, 'm')) ?? [])[1] ?? 'unknown';
  const tfjs = JSON.parse(fs.readFileSync(path.join(root, 'bench/node_modules/@tensorflow/tfjs-core/package.json'), 'utf8'));
  return {
    cpu: field('model name'), cpuMHz: field('cpu MHz'), logicalCpus: os.cpus().length,
    memoryGB: Math.round(os.totalmem() / 2 ** 30), kernel: os.release(),
    node: process.version, gxx: firstLine('g++', ['--version']), emscripten: firstLine('em++', ['--version']).replace(/^emcc \(.*\) ([\d.]+).*$/, 'emcc $1'),
    tfjs: tfjs.version, date: new Date().toISOString(), loadAverageAtStart: os.loadavg(),
    niceness: os.getPriority(),  // below 0: the run was given priority over the machine's other work
  };
}

const ms = (x) => (x === undefined ? '—' : x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x >= 1 ? x.toFixed(2) : x.toFixed(3));
const cell = (t) => (t ? `${ms(t.median)} (${ms(t.min)})` : '—');
const times = (x) => `${x.toFixed(x >= 10 ? 0 : 2)}×`;
// Medians' ratio, and the minima's in brackets (a minimum is the run least disturbed by others).
const ratio = (a, b) => (a && b ? `${times(a.median / b.median)} (${times(a.min / b.min)})` : '—');

function checkText(check) {
  if (!check) return '—';
  return `${check.pass ? 'same' : 'DIFFERENT'} (${check.worst.toExponential(1)})`;
}

function mainTable(rows) {
  const lines = [
    '| workload | native | WASM core | WASM API | TF.js cpu | TF.js wasm | WASM/native | TF.js best/WASM | TF.js = core? (cpu; wasm) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const r of rows) {
    const tfTimes = ['cpu', 'wasm'].map((b) => r.tf[b]).filter((t) => t && t.check?.pass);
    const best = tfTimes.length ? tfTimes.reduce((a, b) => (a.median <= b.median ? a : b)) : null;
    const tfRatio = best ? ratio(best, r.wasm ?? r.wasmForRatio) : r.tf.cpu || r.tf.wasm ? 'n/a: numbers differ' : '—';
    lines.push(`| ${r.title} | ${cell(r.native)} | ${cell(r.wasm)} | ${cell(r.api)} | ${cell(r.tf.cpu)} | ${cell(r.tf.wasm)} | ` +
               `${ratio(r.wasm, r.native)} | ${tfRatio} | ${checkText(r.tf.cpu?.check)}; ${checkText(r.tf.wasm?.check)} |`);
  }
  return lines.join('\n');
}

function parityTable(rows) {
  const lines = ['| workload | native vs WASM core | WASM API vs WASM core |', '|---|---:|---:|'];
  for (const r of rows.filter((x) => x.parity))
    lines.push(`| ${r.title} | ${r.parity.nativeVsWasm.toExponential(1)} | ${r.parity.apiVsWasm.toExponential(1)} |`);
  return lines.join('\n');
}

export function writeReport(dir, report) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'report.json'), JSON.stringify(report, null, 1));
  const m = report.machine;
  const scorers = report.scorersFigure.map((s) => s.unavailable
    ? `- pair ${s.pair}: not measured (${s.unavailable})`
    : `- pair ${s.pair}: ${cell(s.time)} ms per call; seed 1 against the core's fit: max |Δ| = ${s.difference.toExponential(1)}`);
  const md = [
    '# Core benchmark: native, WASM, TensorFlow.js',
    '',
    `${m.date} · ${m.cpu}, ${m.logicalCpus} logical CPUs, ${m.memoryGB} GB · node ${m.node} · ${m.gxx} · ${m.emscripten} · TF.js ${m.tfjs}`,
    `Load average at start ${m.loadAverageAtStart.map((x) => x.toFixed(2)).join(' ')}, at end ${report.loadAverageAtEnd.map((x) => x.toFixed(2)).join(' ')} ` +
      '(the machine is shared: a load above the core count inflates every column, medians least of all)' +
      (m.niceness < 0 ? `; this run had priority over the other work (nice ${m.niceness}).` : '.'),
    '',
    'Milliseconds per call: median of the repetitions (minimum in brackets); native, WASM core and WASM API are timed in ' +
      'three interleaved rounds, pooled. **native**: bench/cpp driver on ' +
      'the native build\'s libraries; **WASM core**: the same driver and timer compiled to WASM on the WASM build\'s libraries, run in node; ' +
      '**WASM API**: the page\'s module (build/wasm/attn_core.mjs) through its JS functions, conversion included; ' +
      `**TF.js**: ${report.tfBackends.cpu}; ${report.tfBackends.wasm}. Ratios use medians; TF.js best/WASM compares the faster ` +
      'TF.js backend whose numbers match with the WASM core; in brackets the same ratio of the minima. Full repetitions: report.json.',
    '',
    mainTable(report.rows),
    '',
    `TF.js = core?: every output within ${report.tolerance} by its rule (bench/core/compare.mjs: relative, per-Jacobian-block ` +
      'relative, or absolute on the quantity\'s scale), worst difference in brackets. A row whose numbers differ does not count.',
    '',
    '## The same numbers across builds (largest absolute difference)',
    '',
    parityTable(report.rows),
    '',
    '## The page\'s `scorers` figure on a seed it has not cached (500 steps + conversion)',
    '',
    ...scorers,
    '',
    ...trainingSection(report.training),
    '## What each column calls',
    '',
    '- native and WASM core: bench/cpp/workloads.cpp (the core functions the figures use: encode + context_jacobians + ' +
      'spectral_norm, sqrt_d_trials, fit_additive), inputs built outside the timed region.',
    ...report.rows.filter((r) => r.apiLabel).map((r) => `- WASM API, ${r.title}: \`${r.apiLabel}\``),
    ...report.rows.map((r) => `- TF.js, ${r.title}: ${r.tfLabel}`),
    '',
    `Whole run: ${report.seconds.toFixed(0)} s.`,
    '',
  ];
  fs.writeFileSync(path.join(dir, 'report.md'), md.join('\n'));
}
