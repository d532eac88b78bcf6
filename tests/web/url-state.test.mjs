// The URL-hash state parser on its own (no browser): hostile input is dropped or clamped with
// a note, never passed through.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHash, serialiseHash, snapToSpec, validateParams } from '../../web/js/lib/url-state.js';

const SPECS = [
  { name: 'n', label: '句子长度', min: 1, max: 50, step: 1, default: 5 },
  { name: 'rho', label: '记忆保留率 ρ', min: 0.5, max: 1.5, step: 0.05, default: 1 },
];

test('a hash without "=" is an anchor, not state', () => {
  assert.equal(parseHash('#sec-1-title').byFigure.size, 0);
});

test('prefixed keys go to their figure; bare keys to the default figure', () => {
  const { byFigure } = parseHash('#funnel.n=12&length.level=2&seed=3', { defaultFigure: 'funnel' });
  assert.deepEqual([...byFigure.get('funnel')], [['n', '12'], ['seed', '3']]);
  assert.deepEqual([...byFigure.get('length')], [['level', '2']]);
});

test('hostile values are dropped or clamped, each with a note', () => {
  const raw = new Map([['n', '<script>alert(1)</script>'], ['rho', '1e999'], ['bogus', '1']]);
  const { params, notes } = validateParams(SPECS, raw);
  assert.deepEqual(params, {});
  assert.equal(notes.length, 3);
  for (const [n, text] of [['-5', 1], ['NaN', undefined], ['7.4', 7], ['0x10', undefined], ['Infinity', undefined]]) {
    assert.equal(validateParams(SPECS, new Map([['n', n]])).params.n, text, `n=${n}`);
  }
});

test('off-grid values snap to the step and stay in range', () => {
  assert.equal(snapToSpec(SPECS[1], 0.83), 0.85);
  assert.equal(snapToSpec(SPECS[1], 9), 1.5);
  assert.equal(snapToSpec(SPECS[0], -5), 1);
});

test('a very long hash is ignored as a whole', () => {
  assert.equal(parseHash(`#funnel.n=${'9'.repeat(5000)}`).tooLong, true);
});

test('serialising leaves default figures out and round-trips changed ones', () => {
  const hash = serialiseHash([
    ['funnel', { params: { n: 12, rho: 0.8 }, specs: SPECS }],
    ['other', { params: { n: 5, rho: 1 }, specs: SPECS }],
  ]);
  assert.equal(hash, 'funnel.n=12&funnel.rho=0.8');
  const back = validateParams(SPECS, parseHash(`#${hash}`).byFigure.get('funnel'));
  assert.deepEqual(back, { params: { n: 12, rho: 0.8 }, notes: [] });
});
