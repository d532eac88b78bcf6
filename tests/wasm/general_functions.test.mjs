// The core's general functions through WASM: softmax, entropy, TV, alignment maps, the
// additive fit — checked against independent JS arithmetic and against the scorers figure.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadCore } from './load_core.mjs';

const core = await loadCore();
const close = (a, b, tol = 1e-12) => Math.abs(a - b) <= tol;

test('softmax is positive, sums to 1 and survives huge inputs', () => {
  const p = core.softmax([1000, 999, -1000]);
  assert.ok(p instanceof Float64Array);
  assert.ok(close(p[0] + p[1] + p[2], 1));
  assert.ok(close(p[0] / p[1], Math.E, 1e-9));
  assert.throws(() => core.softmax([]), /at least one/);
  assert.throws(() => core.softmax([1, NaN]), /finite/);
});

test('entropy is 0 for one-hot and ln n for uniform', () => {
  assert.equal(core.entropy([0, 1, 0]), 0);
  assert.ok(close(core.entropy([0.25, 0.25, 0.25, 0.25]), Math.log(4)));
});

test('tvDistance is 0 for equal maps, 1 for disjoint ones, and checks shapes', () => {
  assert.equal(core.tvDistance([0.5, 0.5, 1, 0], [0.5, 0.5, 1, 0], 2, 2), 0);
  assert.equal(core.tvDistance([1, 0, 0, 1], [0, 1, 1, 0], 2, 2), 1);
  assert.throws(() => core.tvDistance([1, 0], [1, 0, 0], 1, 2), Error);
});

test('alignmentMap (scaled dot) equals softmax(S·Hᵀ/√d) computed in JS', () => {
  const S = [1, 0, 0.5, 0.2, 1, 0];
  const H = [1, 0, 0, 0, 1, 0, 0.3, 0.3, 1];
  const k = 3, nTgt = 2, nSrc = 3, d = 4;
  const out = core.alignmentMap('scaled', S, H, nTgt, nSrc, k, { d });
  for (let i = 0; i < nTgt; i++) {
    const e = [0, 1, 2].map((j) => [0, 1, 2].reduce((acc, t) => acc + S[i * k + t] * H[j * k + t], 0) / Math.sqrt(d));
    const z = e.map((x) => Math.exp(x)), sum = z.reduce((a, b) => a + b);
    for (let j = 0; j < nSrc; j++) {
      assert.ok(close(out.scores[i * nSrc + j], e[j]));
      assert.ok(close(out.alpha[i * nSrc + j], z[j] / sum));
    }
  }
  assert.throws(() => core.alignmentMap('scaled', S, H, nTgt, nSrc, k, { d: 0 }), /d/);
  assert.throws(() => core.alignmentMap('nonsense', S, H, nTgt, nSrc, k, {}), Error);
});

test('additiveFit reproduces the scorers figure trajectory for the same target and seed', () => {
  const fig = core.figure('scorers', { pair: 1, step: 0, seed: 3 }).data;
  const { vectors } = core.figure('dot-attention', {}).data;  // the same pair's concept vectors
  // Matrices come and go in the same row-major layout: {rows, cols, data} out, data and shape in.
  const fit = core.additiveFit({
    target: fig.dot_map.data, S: vectors.tgt.data, H: vectors.src.data,
    nTgt: fig.dot_map.rows, nSrc: fig.dot_map.cols, k: vectors.src.cols, steps: 500, seed: 3,
  });
  assert.equal(fit.tv.length, 501);
  for (let t = 0; t <= 500; t++) assert.ok(close(fit.tv[t], fig.tv[t]), `step ${t}`);
  // maps: step t's map, row-major, at entries t·nTgt·nSrc onwards; the figure draws the same.
  const size = fig.dot_map.rows * fig.dot_map.cols;
  assert.equal(fit.maps.length, 501 * size);
  for (const step of [0, 1, 137, 500]) {
    const drawn = core.figure('scorers', { pair: 1, step, seed: 3 }).data.additive_map.data;
    const returned = fit.maps.slice(step * size, (step + 1) * size);
    for (let e = 0; e < size; e++) assert.ok(close(returned[e], drawn[e]), `step ${step}, entry ${e}`);
  }
  assert.equal(fit.parameter_count, fig.params_additive);
  assert.throws(() => core.additiveFit({ target: [1], S: [1], H: [1], nTgt: 1, nSrc: 2, k: 1 }), Error);
});
