// Arguments that throw when they are read — a Proxy, an object with a throwing getter, a detached
// ArrayBuffer — fail in JS, before any WASM frame is on the stack (boundary.post.js reads every
// argument into plain data first): an Error naming the call, no handle or byte left behind, and
// the module answers as before. The C++ side reads only that plain copy, never the caller's object.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadCore, loadFigure2Core } from './load_core.mjs';
import { snapshot, throwsError } from './support/boundary.mjs';

const core = await loadCore();
const figure2 = await loadFigure2Core();

const unreadable = (target) => new Proxy(target, { get() { throw new RangeError('no reading me'); } });
const throwingGetter = (key, rest) =>
  Object.defineProperty({ ...rest }, key, { enumerable: true, get() { throw new RangeError('no reading me'); } });
function detachedBuffer() {
  const buffer = new ArrayBuffer(16);
  structuredClone(buffer, { transfer: [buffer] });
  return buffer;
}

// Runs each failure once (lazy statics fill), then 100 times more: each throws an Error naming
// its call and the reader's own exception, and nothing moves.
function assertFailsCleanly(module, failures) {
  for (const [fail, message] of failures) throwsError(fail, message);
  const before = snapshot(module);
  for (let i = 0; i < 100; i++) for (const [fail, message] of failures) throwsError(fail, message);
  assert.deepEqual(snapshot(module), before);
}

test('attn_core: a Proxy or a throwing getter in any argument fails in JS and leaves nothing behind', () => {
  const softmaxBefore = core.softmax([1, 2, 3]);
  const unread = (name) => new RegExp(`^${name}: an argument could not be read \\(no reading me\\)`);
  assertFailsCleanly(core, [
    [() => core.softmax(unreadable([1, 2])), unread('softmax')],
    [() => core.tvDistance([1, 0], unreadable([1, 0]), 1, 2), unread('tvDistance')],
    [() => core.figure('funnel', unreadable({ n: 3 })), unread('figure')],
    [() => core.alignmentMap('general', [1], [1], 1, 1, 1, { W: unreadable([1]) }), unread('alignmentMap')],
    [() => core.additiveFit(throwingGetter('steps', { target: [1], S: [1], H: [1], nTgt: 1, nSrc: 1, k: 1 })), unread('additiveFit')],
  ]);
  assert.deepEqual(core.softmax([1, 2, 3]), softmaxBefore);
});

test('attn_figure2: a detached buffer, a Proxy or a throwing getter fails in JS and leaves nothing behind', () => {
  const trainer = new figure2.Figure2Trainer('rnnenc');
  try {
    const unread = (name) => new RegExp(`^${name}: an argument could not be read`);
    assertFailsCleanly(figure2, [
      [() => trainer.loadWeights(detachedBuffer()), unread('loadWeights')],
      [() => trainer.align(unreadable(['我'])), unread('align')],
      [() => trainer.decoderFigure(throwingGetter('step', {})), unread('decoderFigure')],
      [() => new figure2.Figure2Trainer(unreadable([])), unread('Figure2Trainer')],
    ]);
  } finally {
    trainer.delete();
  }
});

test('the core reads the plain copy, once: a Proxy that would throw on a second read is harmless', () => {
  let lengthReads = 0;
  const once = new Proxy([1, 2, 3], {
    get(target, key) {
      if (key === 'length' && lengthReads++ > 0) throw new RangeError('read twice');
      return target[key];
    },
  });
  assert.deepEqual(core.softmax(once), core.softmax([1, 2, 3]));
  assert.equal(lengthReads, 1);
});
