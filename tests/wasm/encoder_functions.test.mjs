// The encoder as a general function: any k×k W and n×k word vectors, not only the figures'.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadCore } from './load_core.mjs';

const core = await loadCore();

// An independent JS forward pass: h_t = tanh(W·h_{t−1} + w_t).
function contextOf(W, k, words, n) {
  let h = new Float64Array(k);
  for (let t = 0; t < n; t++) {
    const next = new Float64Array(k);
    for (let i = 0; i < k; i++) {
      let a = words[t * k + i];
      for (let j = 0; j < k; j++) a += W[i * k + j] * h[j];
      next[i] = Math.tanh(a);
    }
    h = next;
  }
  return h;
}

test('encoderJacobians: the context matches a JS forward pass and ∂c/∂w_j matches finite differences', () => {
  const k = 3, n = 4;
  const W = [0.5, -0.3, 0.2, 0.1, 0.9, -0.4, -0.2, 0.3, 0.7];
  const words = [0.3, -0.1, 0.4, 0.2, 0.5, -0.6, -0.3, 0.1, 0.2, 0.6, -0.2, 0.1];
  const out = core.encoderJacobians(W, k, words, n);
  const c = contextOf(W, k, words, n);
  for (let i = 0; i < k; i++) assert.ok(Math.abs(out.context[i] - c[i]) < 1e-14);
  const eps = 1e-6;
  for (let j = 0; j < n; j++)
    for (let col = 0; col < k; col++) {
      const plus = words.slice(), minus = words.slice();
      plus[j * k + col] += eps;
      minus[j * k + col] -= eps;
      const cp = contextOf(W, k, plus, n), cm = contextOf(W, k, minus, n);
      for (let row = 0; row < k; row++) {
        const numeric = (cp[row] - cm[row]) / (2 * eps);
        assert.ok(Math.abs(out.jacobians[j * k * k + row * k + col] - numeric) < 1e-8);
      }
    }
  assert.equal(out.norms.length, n);
});

test('encoderJacobians rejects wrong shapes and an empty sentence with a message', () => {
  assert.throws(() => core.encoderJacobians([1, 2, 3], 2, [1, 2], 1), /encoderJacobians: W: expected 4 numbers \(2 × 2\), got 3/);
  assert.throws(() => core.encoderJacobians([1, 0, 0, 1], 2, [], 0), /encoderJacobians: n must be a whole number in \[1, 10000\], got 0/);
  assert.throws(() => core.encoderJacobians([1, 0, 0, 1], 2, [], 1), /encoderJacobians: words must hold at least one number/);
  assert.throws(() => core.encoderJacobians([1, 0, 0, NaN], 2, [1, 2], 1), /finite/);
  assert.equal(core.encoderJacobians([1, 0, 0, 1], 2, [0.1, 0.2], 1).norms.length, 1);
});
