// The calls issue 14 found loose, each now refused with an Error that names the argument and
// the range or limit it broke.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadCore } from './load_core.mjs';
import { throwsError } from './support/boundary.mjs';

const core = await loadCore();
const W = [0.5, 0, 0, 0.5], words = [1, 2, 3, 4];
const S = [1, 0, 0, 1], H = [1, 2, 3, 4, 5, 6];
const additive = { attnDim: 2, W1: [1, 0, 0, 1], W2: [1, 0, 0, 1], v: [1, 1] };

const cases = [
  // Bad values no longer pass, and are not coerced.
  [() => core.entropy([NaN, 0.5]), /^entropy: p must hold only finite numbers/],
  [() => core.entropy([Infinity]), /^entropy: p must hold only finite numbers/],
  [() => core.tvDistance([NaN, 1], [0, 1], 1, 2), /^tvDistance: P must hold only finite numbers/],
  [() => core.softmax('12'), /^softmax: x must be an Array of numbers or a Float64Array, got string/],
  [() => core.entropy('abc'), /^entropy: p must be an Array/],
  [() => core.softmax([true, false]), /^softmax: x must hold only finite numbers \(no strings, booleans/],
  [() => core.softmax([1, '2']), /^softmax: x must hold only finite numbers/],
  [() => core.softmax([1, , 2]), /^softmax: x must hold only finite numbers \(no NaN, ±Infinity or holes\)/],
  [() => core.softmax(new BigInt64Array(2)), /^softmax: x must be an Array/],
  [() => core.softmax({ length: 2, 0: 1, 1: 2 }), /^softmax: x must be an Array/],
  // Probability vectors are what entropy and tvDistance accept.
  [() => core.entropy([0.5, 0.6]), /^entropy: p must be a probability vector: its entries sum to 1\.1, not 1 \(within 1e-06\)/],
  [() => core.entropy([1.5, -0.5]), /^entropy: p must be a probability vector: an entry is negative/],
  [() => core.tvDistance([1, 0, 0.5, 0.4], [1, 0, 0, 1], 2, 2), /^tvDistance: P row 1 must be a probability vector/],
  // Sizes do not wrap, truncate or coerce.
  [() => core.encoderJacobians(W, 2, words, 2 ** 32 + 2), /^encoderJacobians: n must be a whole number in \[1, 10000\], got 4294967298/],
  [() => core.encoderJacobians(W, 2, words, 2.9), /^encoderJacobians: n must be a whole number in \[1, 10000\], got 2\.9/],
  [() => core.encoderJacobians(W, 2, words, '2'), /^encoderJacobians: n must be a number, got a string/],
  [() => core.encoderJacobians(W, 2 ** 32 + 2, words, 2), /^encoderJacobians: k must be a whole number in \[1, 512\]/],
  [() => core.tvDistance([1, 0], [1, 0], 1e10, 2), /^tvDistance: rows must be a whole number in \[1, 2097152\], got 10000000000/],
  [() => core.tvDistance([1, 0], [1, 0], 2 ** 31, 2), /^tvDistance: rows must be a whole number in \[1, 2097152\], got 2147483648/],
  [() => core.tvDistance([1, 0], [1, 0], 2048, 2048), /^tvDistance: P's rows × cols = 4194304, over the limit of 2097152 numbers per array per call/],
  [() => core.tvDistance([1, 0], [1, 0, 0], 1, 2), /^tvDistance: Q: expected 2 numbers \(1 × 2\), got 3$/],
  [() => core.figure(5, {}), /^figure: id must be a string, got number/],
  // Messages name the argument, not a function deep inside.
  [() => core.alignmentMap('dot', [NaN, 0, 0, 1], H, 2, 3, 2, {}), /^alignmentMap: S must hold only finite numbers/],
  [() => core.alignmentMap('dot', S, [1, 2, 3, NaN, 5, 6], 2, 3, 2, {}), /^alignmentMap: H must hold only finite numbers/],
  [() => core.alignmentMap('general', S, H, 2, 3, 2, { W: [1, NaN, 0, 1] }), /^alignmentMap: extra\.W must hold only finite numbers/],
  [() => core.alignmentMap('additive', S, H, 2, 3, 2, { ...additive, W1: [NaN, 0, 0, 1] }), /^alignmentMap: extra\.W1 must hold/],
  [() => core.alignmentMap('additive', S, H, 2, 3, 2, { ...additive, v: [1, NaN] }), /^alignmentMap: extra\.v must hold/],
  [() => core.alignmentMap('scaled', S, H, 2, 3, 2, { dd: 2 }), /^alignmentMap: extra: unknown option 'dd' \(known: d, W, attnDim, W1, W2, v\)/],
  [() => core.alignmentMap('dot', S, H, 2, 3, 2, 7), /^alignmentMap: extra must be an object, got number/],
  [() => core.alignmentMap(1, S, H, 2, 3, 2, {}), /^alignmentMap: scorer must be a string/],
  [() => core.additiveFit({ target: [1], S: [1], H: [1], nTgt: 1, nSrc: 1, k: 1, step: 5 }), /^additiveFit: options: unknown option 'step'/],
  [() => core.additiveFit({ target: [1], S: [1], H: [1], nSrc: 1, k: 1 }), /^additiveFit: options\.nTgt is missing/],
  [() => core.additiveFit({ target: [1], S: [1], H: [1], nTgt: 1, nSrc: 1, k: 1, seed: -1 }), /^additiveFit: options\.seed must be a whole number in \[0, 2147483647\]/],
  [() => core.additiveFit(null), /^additiveFit: options must be an object, got null/],
  [() => core.additiveFit([1]), /^additiveFit: options must be an object, got array/],
];

for (const [call, message] of cases) {
  test(`${call.toString().slice(6)} throws ${message}`, () => throwsError(call, message));
}

test('additiveFit with 512 × 512 maps and 100,000 steps is refused at once, naming the limit', () => {
  const n = 512, target = new Float64Array(n * n).fill(1 / n), S = new Float64Array(n).fill(0.1);
  const before = core.heapStats();
  const t0 = performance.now();
  throwsError(() => core.additiveFit({ target, S, H: S, nTgt: n, nSrc: n, k: 1, steps: 100000 }),
    /^additiveFit: \(steps \+ 1\) × nTgt × nSrc = 26214662144, over the limit of 4194304 map entries per call/);
  assert.ok(performance.now() - t0 < 1000, 'refused before any work');
  assert.deepEqual(core.heapStats(), before);
});

test('a big but allowed encoder call runs; one past the work limit is refused, naming it', () => {
  assert.equal(core.encoderJacobians(new Float64Array(64 * 64), 64, new Float64Array(64 * 64), 64).norms.length, 64);
  throwsError(() => core.encoderJacobians(new Float64Array(512 * 512), 512, new Float64Array(512 * 16), 16),
    /^encoderJacobians: 2 × n × k³ = 4294967296, over the limit of 1073741824 multiply-adds per call$/);
});
