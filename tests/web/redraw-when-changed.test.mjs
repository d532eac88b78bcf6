// The keyed redraw on its own (no browser): a part is redrawn on its first key and on every
// new one, never twice for the same key.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { redrawWhenChanged } from '../../web/js/lib/redraw-when-changed.js';

test('a part is redrawn on its first key and again only when the key changes', () => {
  const redrawAxis = redrawWhenChanged();
  const drawn = [];
  const keys = ['500:300', '500:300', '500:280', '500:280', '500:300'];
  const redrawn = keys.map((key) => redrawAxis(key, () => drawn.push(key)));
  assert.deepEqual(redrawn, [true, false, true, false, true]);
  assert.deepEqual(drawn, ['500:300', '500:280', '500:300']);
});

test('each part keeps its own key', () => {
  const redrawX = redrawWhenChanged();
  const redrawY = redrawWhenChanged();
  let count = 0;
  redrawX('a', () => { count += 1; });
  assert.equal(redrawY('a', () => { count += 1; }), true);
  assert.equal(count, 2);
});

test('a redraw that throws is tried again with the same key', () => {
  const redraw = redrawWhenChanged();
  assert.throws(() => redraw('k', () => { throw new Error('not drawn'); }));
  assert.equal(redraw('k', () => {}), true);
});
