// Bad params throw Errors whose message names the parameter; the module keeps working.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadCore } from './load_core.mjs';

const core = await loadCore();

const cases = [
  ['funnel', { n: 0 }, /'n'.*outside/],
  ['funnel', { n: 51 }, /'n'.*outside/],
  ['funnel', { n: 2.5 }, /'n'.*whole number/],
  ['funnel', { n: NaN }, /'n'.*finite/],
  ['funnel', { n: Infinity }, /'n'.*finite/],
  ['funnel', { rho: -1 }, /'rho'/],
  ['funnel', { n: '5' }, /'n' must be a number/],
  ['funnel', { n: null }, /'n' must be a number/],
  ['funnel', { bogus: 1 }, /unknown parameter 'bogus'/],
  ['length', { level: 3 }, /'level'/],
  ['no-such-figure', {}, /unknown figure id 'no-such-figure'/],
  ['funnel', '<script>', /params must be an object/],
];

for (const [id, params, message] of cases) {
  test(`${id} ${JSON.stringify(params)} throws an Error that says what is wrong`, () => {
    assert.throws(() => core.figure(id, params), (e) => e instanceof Error && message.test(e.message));
    // …and the module is intact afterwards.
    assert.equal(core.figure('funnel', { n: 5 }).data.norms.length, 5);
  });
}

test('prepareFigure does ahead, a slice a call, what a later figure() may need, and refuses an unknown id by name', () => {
  for (const { id } of core.figures()) {
    let calls = 1;
    while (core.prepareFigure(id) !== true) assert.ok(++calls <= 1000, `${id}: prepareFigure never finishes`);
  }
  assert.throws(() => core.prepareFigure('no-such-figure'), (e) => e instanceof Error && /unknown figure id 'no-such-figure'/.test(e.message));
  assert.throws(() => core.prepareFigure(42), (e) => e instanceof Error && /prepareFigure: id/.test(e.message));
  assert.equal(core.figure('length', { seed: 1 }).data.claims.long_sentences_fall_out.across.last_seed, 100);
});

test('a thousand errors in a row leave the module working and the heap in place', () => {
  const before = core.heapStats().allocated_bytes;
  for (let i = 0; i < 1000; i++) assert.throws(() => core.figure('funnel', { n: -i }));
  assert.equal(core.figure('funnel', {}).data.words.length, 5);
  assert.ok(core.heapStats().allocated_bytes - before < 64 * 1024);
});
