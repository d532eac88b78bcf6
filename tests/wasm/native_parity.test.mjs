// The same params give the same numbers natively and in WASM (max abs difference ≤ 1e-12), or the
// same refusal (the decoder's trained weights, which only the attn_figure2 module computes).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadCore, maxAbsDifference, nativeFigure, runNative, sampleParams } from './load_core.mjs';

const core = await loadCore();

test('the figure registry lists the same ids and specs natively and in WASM', () => {
  const native = runNative(['figures']);
  assert.equal(maxAbsDifference(core.figures(), native), 0);
});

for (const spec of runNative(['figures'])) {
  test(`${spec.id}: WASM equals the native tool within 1e-12 across its parameter range`, () => {
    for (const params of sampleParams(spec)) {
      const refusal = (error) => ({ error: String(error.stderr ?? error.message).replace(/^attn: /, '').trim() });
      let wasm, native;
      try { wasm = core.figure(spec.id, params); } catch (error) { wasm = refusal(error); }
      try { native = nativeFigure(spec.id, params); } catch (error) { native = refusal(error); }
      const diff = maxAbsDifference(wasm, native);
      assert.ok(diff <= 1e-12, `${spec.id} ${JSON.stringify(params)}: max abs difference ${diff}`);
    }
  });
}

test('numeric arrays arrive as Float64Array copies', () => {
  const data = core.figure('funnel', { n: 6 }).data;
  assert.ok(data.norms instanceof Float64Array);
  assert.equal(data.norms.length, 6);
  const before = Array.from(data.norms);
  for (let i = 0; i < 50; i++) core.figure('length', { seed: 1 + i });  // may grow memory
  assert.deepEqual(Array.from(data.norms), before);
});
