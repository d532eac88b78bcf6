// 10,000 figure computations leave the WASM heap where it was.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadCore } from './load_core.mjs';

const core = await loadCore();

test('10,000 figure computations leave the allocated WASM heap where it was', () => {
  const figures = core.figures();
  const paramsAt = (spec, i) => {
    const out = {};
    for (const p of spec.params) {
      const steps = Math.floor((p.max - p.min) / p.step);
      out[p.name] = Math.min(p.max, p.min + ((i * 7 + p.name.length) % (steps + 1)) * p.step);
      if (p.step === 1) out[p.name] = Math.round(out[p.name]);
    }
    return out;
  };
  // The decoder's trained weights are refused here (the attn_figure2 module computes them): a
  // refusal must leave the heap where it was too.
  const compute = (f, params) => {
    try {
      core.figure(f.id, params);
    } catch (error) {
      assert.match(error.message, /attn_figure2/, `${f.id} ${JSON.stringify(params)}`);
    }
  };
  // Warm-up: caches that a figure keeps on purpose (e.g. a training trajectory) fill here.
  for (let i = 0; i < 500; i++) for (const f of figures) compute(f, paramsAt(f, i));
  const before = core.heapStats();
  for (let i = 0; i < 10000; i++) {
    const f = figures[i % figures.length];
    compute(f, paramsAt(f, i % 500));
  }
  const after = core.heapStats();
  assert.equal(after.heap_bytes, before.heap_bytes, 'the heap did not grow');
  assert.ok(Math.abs(after.allocated_bytes - before.allocated_bytes) < 16 * 1024,
    `allocated bytes moved by ${after.allocated_bytes - before.allocated_bytes}`);
});
