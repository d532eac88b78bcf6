// The JS-boundary tests' tools: an Error's message checked, a seeded random source, the hostile values a console user or an
// embedding page might pass, near-valid arguments spoiled one way at a time, and the checks every
// call must pass (an Error with a message, or a result holding only finite numbers).
import assert from 'node:assert/strict';
import v8 from 'node:v8';
import vm from 'node:vm';

// Asserts that fn throws a JS Error whose message matches (from its start: no "Error: ").
export function throwsError(fn, message) {
  assert.throws(fn, (e) => (e instanceof Error && message.test(e.message)) || assert.fail(String(e?.message ?? e)));
}

// mulberry32: a small seeded generator, so that a failure replays exactly.
export function random(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  return { next, int, pick: (xs) => xs[int(xs.length)], chance: (p) => next() < p };
}

// Numbers that break sloppy size and value handling.
export const BAD_NUMBERS = [NaN, Infinity, -Infinity, -1, 0, 2.9, 2 ** 31, 2 ** 32 + 2, 1e10, -0, 1e308, -(2 ** 53)];
const ODD_VALUES = ['2', 'abc', '', true, false, null, undefined, {}, { length: 3 }, [], [[1]], () => 1,
  Symbol('s'), 10n, new Date(0), new ArrayBuffer(8), new BigInt64Array(2), new DataView(new ArrayBuffer(8))];

// Any value: a number (often a bad one), an odd value, or an array or typed array of junk.
export function anyValue(r, depth = 0) {
  switch (r.int(depth > 1 ? 2 : 4)) {
    case 0: return r.chance(0.5) ? r.pick(BAD_NUMBERS) : r.next() * 10 - 5;
    case 1: return r.pick(ODD_VALUES);
    case 2: return Array.from({ length: r.int(6) }, () => anyValue(r, depth + 1));
    default: return new (r.pick([Float64Array, Float32Array, Int32Array, Uint8Array]))(r.int(6));
  }
}

// n random probabilities (a probability vector), or n plain numbers.
export function distribution(r, n) {
  const xs = Array.from({ length: n }, () => r.next() + 0.01);
  const sum = xs.reduce((a, b) => a + b);
  return xs.map((x) => x / sum);
}
export const numbers = (r, n) => Array.from({ length: n }, () => r.next() * 4 - 2);

// One way to spoil a numeric array: a NaN, ±Infinity, a string or boolean inside, a hole, a
// wrong length, or the wrong kind of container; the typed array form of a good one is kept good.
export function spoilArray(r, xs) {
  const out = [...xs];
  switch (r.int(9)) {
    case 0: out[r.int(out.length)] = r.pick([NaN, Infinity, -Infinity]); return out;
    case 1: out[r.int(out.length)] = r.pick(['1', true, null, undefined, {}]); return out;
    case 2: delete out[r.int(out.length)]; return out;
    case 3: out.push(0.5); return out;
    case 4: return out.slice(1);
    case 5: return out.join(',');
    case 6: return { ...out, length: out.length };
    case 7: return new BigInt64Array(out.length);
    default: return Float64Array.from(xs);  // still good
  }
}

// A size spoilt: fractional, wrapping, a string, NaN, huge, zero or negative.
export const spoilSize = (r, n) => r.pick([n + 0.9, n + 2 ** 32, String(n), NaN, Infinity, 1e9, 0, -n, null, true]);

// Walks a result: every number in it must be finite (strings, booleans and null may appear).
export function assertFiniteResult(value, where) {
  if (typeof value === 'number') return assert.ok(Number.isFinite(value), `${where}: ${value}`);
  if (ArrayBuffer.isView(value)) {
    for (let i = 0; i < value.length; i++) assert.ok(Number.isFinite(value[i]), `${where}[${i}]: ${value[i]}`);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [k, v] of Object.entries(value)) assertFiniteResult(v, `${where}.${k}`);
}

// Calls fn: it must throw an Error with a message, or return a finite result. Returns a short
// record of what happened, for comparing two runs bit for bit.
export function callChecked(fn, label) {
  let result;
  try {
    result = fn();
  } catch (error) {
    assert.ok(error instanceof Error, `${label}: threw a non-Error ${String(error)}`);
    assert.ok(typeof error.message === 'string' && error.message.length > 0, `${label}: an Error with no message`);
    return `error: ${error.message}`;
  }
  assertFiniteResult(result, label);
  return `ok: ${fingerprint(result)}`;
}

// The result's exact bits, compact: every number's IEEE bits, every string as it is.
export function fingerprint(value) {
  if (typeof value === 'number') return Buffer.from(new Float64Array([value]).buffer).toString('hex');
  if (ArrayBuffer.isView(value)) return `[${Array.from(value, fingerprint).join(',')}]`;
  if (value === null || typeof value !== 'object') return String(value);
  return `{${Object.entries(value).map(([k, v]) => `${k}:${fingerprint(v)}`).join(',')}}`;
}

// What a module holds for JS: emval handles (embind's table of JS values referenced by C++) and
// the bytes malloc has handed out; the linear memory's size.
export const snapshot = (core) => ({ handles: core.count_emval_handles(), ...core.heapStats() });

// The garbage collector, from inside a test (node --test gives no --expose-gc).
export function collector() {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc');
}
