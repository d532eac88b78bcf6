// attn_core's JS API under a seeded fuzz (issue 14): thousands of calls with random types,
// shapes, NaN/±Infinity, fractional, wrapping and huge sizes, wrong lengths. Every call throws
// an Error with a message or returns finite numbers; afterwards the emval handles are where they
// started, a replay of the same calls gives the same answers bit for bit and leaves the malloc'd
// bytes and the heap where they were, and the module answers fixed questions as before.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadCore } from './load_core.mjs';
import { anyValue, callChecked, distribution, numbers, random, snapshot, spoilArray, spoilSize } from './support/boundary.mjs';

const core = await loadCore();

// A near-valid argument list for each function, then spoilt in one place (or, now and then,
// replaced by random values, or given the wrong number of arguments).
const CALLS = {
  softmax: (r) => [numbers(r, 1 + r.int(6))],
  entropy: (r) => [distribution(r, 1 + r.int(6))],
  tvDistance: (r) => {
    const rows = 1 + r.int(3), cols = 1 + r.int(4);
    const P = Array.from({ length: rows }, () => distribution(r, cols)).flat();
    const Q = Array.from({ length: rows }, () => distribution(r, cols)).flat();
    return [P, Q, rows, cols];
  },
  alignmentMap: (r) => {
    const nTgt = 1 + r.int(3), nSrc = 1 + r.int(3), k = 1 + r.int(3), a = 1 + r.int(3);
    const scorer = r.pick(['dot', 'scaled', 'general', 'additive']);
    const extra = { dot: undefined, scaled: { d: 1 + r.int(8) }, general: { W: numbers(r, k * k) },
      additive: { attnDim: a, W1: numbers(r, a * k), W2: numbers(r, a * k), v: numbers(r, a) } }[scorer];
    return [scorer, numbers(r, nTgt * k), numbers(r, nSrc * k), nTgt, nSrc, k, extra];
  },
  additiveFit: (r) => {
    const nTgt = 1 + r.int(3), nSrc = 1 + r.int(3), k = 1 + r.int(3);
    const target = Array.from({ length: nTgt }, () => distribution(r, nSrc)).flat();
    return [{ target, S: numbers(r, nTgt * k), H: numbers(r, nSrc * k), nTgt, nSrc, k, steps: r.int(20), seed: r.int(9) }];
  },
  encoderJacobians: (r) => {
    const k = 1 + r.int(4), n = 1 + r.int(5);
    return [numbers(r, k * k), k, numbers(r, n * k), n];
  },
  figure: (r) => {
    const spec = r.pick(core.figures());
    const params = {};
    for (const p of spec.params) if (r.chance(0.5)) params[p.name] = p.min + r.int(3) * p.step;
    return [spec.id, params];
  },
  figureAtOnce: (r) => CALLS.figure(r),
};

// The sizes each function takes, by argument position (spoilt with spoilSize); the rest are
// arrays or objects (spoilt with spoilArray, or replaced).
const SIZES = { tvDistance: [2, 3], alignmentMap: [3, 4, 5], encoderJacobians: [1, 3] };

function spoil(r, name, args) {
  const i = r.int(args.length);
  const out = [...args];
  if (r.chance(0.1)) return Array.from({ length: r.int(args.length + 2) }, () => anyValue(r));  // junk, any count
  if ((SIZES[name] ?? []).includes(i)) out[i] = spoilSize(r, out[i]);
  else if (Array.isArray(out[i])) out[i] = spoilArray(r, out[i]);
  else if (out[i] && typeof out[i] === 'object') {
    const key = r.pick([...Object.keys(out[i]), 'bogus']);
    const value = out[i][key];
    out[i] = { ...out[i], [key]: Array.isArray(value) ? spoilArray(r, value) : typeof value === 'number' ? spoilSize(r, value) : anyValue(r) };
  } else out[i] = anyValue(r);
  return out;
}

function fuzz(seed, calls) {
  const r = random(seed);
  const names = Object.keys(CALLS);
  const outcomes = [];
  for (let c = 0; c < calls; c++) {
    const name = names[c % names.length];
    const good = CALLS[name](r);
    const args = r.chance(0.2) ? good : spoil(r, name, good);
    outcomes.push(callChecked(() => core[name](...args), `#${c} ${name}`));
  }
  return outcomes;
}

// Answers to fixed, valid questions, for the bit-for-bit comparison afterwards.
const reference = () => [
  core.softmax([1, 2, 3]), core.entropy([0.2, 0.3, 0.5]), core.tvDistance([0.5, 0.5], [1, 0], 1, 2),
  core.alignmentMap('scaled', [1, 0, 0, 1], [1, 2, 3, 4, 5, 6], 2, 3, 2, { d: 2 }),
  core.encoderJacobians([0.5, 0, 0, 0.5], 2, [1, 2, 3, 4], 2), core.figure('funnel', { n: 7 }),
];

test('7,000 fuzzed calls each throw an Error with a message or return finite numbers, and leave nothing behind', () => {
  const answers = JSON.stringify(reference(), (k, v) => (ArrayBuffer.isView(v) ? Array.from(v) : v));
  const start = snapshot(core);
  const first = fuzz(14, 3500);
  const afterFirst = snapshot(core);
  const second = fuzz(14, 3500);  // the same calls again: the heap must not grow a second time
  const end = snapshot(core);

  const answered = first.filter((o) => o.startsWith('ok')).length;
  assert.ok(answered > 500 && answered < 3000, `${answered} of 3500 calls answered: the fuzz reaches both outcomes`);
  assert.deepEqual(second, first, 'the same calls give the same answers and the same errors');
  assert.equal(end.handles, start.handles, 'emval handles are back where they started');
  // The first pass may fill the caches some figures keep on purpose (memory.test.mjs); replaying
  // it must leave the malloc'd bytes and the heap exactly where the first pass left them.
  assert.equal(end.allocated_bytes, afterFirst.allocated_bytes, "replaying the calls leaves no malloc'd byte behind");
  assert.equal(end.heap_bytes, afterFirst.heap_bytes, 'replaying the calls does not grow the heap');
  assert.ok(end.heap_bytes <= 256 << 20, `heap ${end.heap_bytes} bytes`);
  assert.equal(JSON.stringify(reference(), (k, v) => (ArrayBuffer.isView(v) ? Array.from(v) : v)), answers);
});
