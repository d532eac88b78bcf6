// The seed-dependent claims (cpp/core/seed_claims): at a seed that breaks one, the figure's data
// carries the spread over seeds 1–100, and WASM gives exactly the native tool's numbers for it.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadCore, maxAbsDifference, nativeFigure } from './load_core.mjs';

const core = await loadCore();

const BROKEN = [
  ['scorers', { pair: 0, seed: 6 }, 'tv_about_half'],
  ['sqrt-d', { d: 512, seed: 79 }, 'scaled_above_one'],
  ['length', { seed: 1 }, 'long_sentences_fall_out'],
];

for (const [id, params, claim] of BROKEN) {
  test(`${id} ${JSON.stringify(params)}: 「${claim}」 broken, its spread equal natively and in WASM`, () => {
    const wasm = core.figure(id, params);
    const native = nativeFigure(id, params);
    assert.equal(wasm.data.claims[claim].holds, false);
    assert.equal(wasm.data.claims[claim].across.measured > 0, true);
    const diff = maxAbsDifference(wasm.data.claims, native.data.claims);
    assert.ok(diff <= 1e-12, `max abs difference ${diff}`);
  });
}
