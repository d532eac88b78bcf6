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

// The page's moves call figureAtOnce: a spread not measured yet comes back pending (nothing of
// it measured inside the call), prepareFigure measures it a slice a call, and the next answer
// carries the native tool's numbers. A module of its own: every spread starts unmeasured.
test('figureAtOnce leaves a broken claim\'s spread pending until prepareFigure has measured it', async () => {
  const fresh = await loadCore();
  for (const [id, params, claim] of BROKEN) {
    const first = fresh.figureAtOnce(id, params);
    assert.equal(first.pending, true, id);
    assert.deepEqual(first.data.claims[claim].across, { first_seed: 1, last_seed: 100, pending: true }, id);
    let calls = 1;
    while (fresh.prepareFigure(id) !== true) assert.ok(++calls <= 100, `${id}: prepareFigure never finishes`);
    assert.ok(calls > 1, `${id}: measured in slices`);
    const next = fresh.figureAtOnce(id, params);
    assert.equal(next.pending, undefined, id);
    const native = nativeFigure(id, params);
    assert.ok(maxAbsDifference(next, native) <= 1e-12, `${id}: as the native tool computes it`);
  }
  assert.throws(() => fresh.figureAtOnce('no-such-figure', {}), (e) => e instanceof Error && /unknown figure id 'no-such-figure'/.test(e.message));
  assert.throws(() => fresh.figureAtOnce('sqrt-d', { d: 7 }), (e) => e instanceof Error && /'d' = 7 is outside \[8, 512\]/.test(e.message));
});

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
