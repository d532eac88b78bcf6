// A failed call leaves nothing behind in either module: no emval handle, no malloc'd byte, and
// its arguments are garbage-collected (issue 14: 40 failed tvDistance calls on a Float64Array of
// 10⁶ used to keep 320 MB alive).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';

import { loadCore, loadFigure2Core } from './load_core.mjs';
import { collector, snapshot, throwsError } from './support/boundary.mjs';

const gc = collector();
const core = await loadCore();
const figure2 = await loadFigure2Core();

// Runs `fail(arg)` on `count` fresh arguments made by `make(size)`; each must throw. Returns
// how many of them the garbage collector has reclaimed once they are out of reach. One more
// failing call, on a small argument, comes first: embind (3.1.6, without dynamic execution)
// reuses one argument array per JS method signature it calls, so the latest argument of each
// stays referenced until the next call: one at most, never a growing number.
async function collectedAfterFailures(count, make, fail) {
  const collected = { count: 0 };
  const registry = new FinalizationRegistry(() => { collected.count++; });
  failOn(count, make, fail, registry);
  assert.throws(() => fail(make(1)), Error);
  for (let round = 0; round < 50 && collected.count < count; round++) {
    gc();
    await sleep(20);  // finalizers run on a later turn of the event loop
  }
  return collected.count;
}

// Apart from the async function above: its suspended frame would keep the last argument alive.
function failOn(count, make, fail, registry) {
  for (let i = 0; i < count; i++) {
    const arg = make(1e6);
    registry.register(arg, i);
    assert.throws(() => fail(arg), Error);
  }
}

test("the arguments of 40 failed attn_core calls are collected, and no handle or byte is left", async () => {
  const before = snapshot(core);
  const collected = await collectedAfterFailures(40, (n) => new Float64Array(n), (P) => core.tvDistance(P, [1, 0], 1, 2));
  assert.equal(collected, 40);
  assert.deepEqual(snapshot(core), before);
});

test('every kind of attn_core failure leaves the handles and the heap where they were', () => {
  const failures = [
    () => core.softmax([NaN]), () => core.softmax('x'), () => core.softmax(), () => core.entropy([2]),
    () => core.tvDistance([1], [1], 1.5, 1), () => core.alignmentMap('nope', [1], [1], 1, 1, 1, {}),
    () => core.additiveFit({ nTgt: 1, nSrc: 1, k: 1 }), () => core.encoderJacobians([1], 1, [1], 2),
    () => core.figure('funnel', { n: 0 }), () => core.figure('nope', {}), () => core.figure('funnel', []),
  ];
  for (const fail of failures) assert.throws(fail, Error);  // first calls fill the core's lazy statics
  const before = snapshot(core);
  for (let i = 0; i < 200; i++) for (const fail of failures) assert.throws(fail, Error);
  assert.deepEqual(snapshot(core), before);
});

test('the arguments of failed attn_figure2 calls are collected, and no handle or byte is left', async () => {
  const trainer = new figure2.Figure2Trainer('rnnenc');
  const load = (bytes) => trainer.loadWeights(bytes);
  try {
    // A weight file is copied into the heap before it can be judged: the first failed load may
    // grow the heap to hold it (WASM memory never shrinks), and every later one must fit in that.
    throwsError(() => load(new Uint8Array(8e6)), /.+/);
    const failures = () => {
      throwsError(() => trainer.train(2.5), /^train\(steps\): steps must be a whole number/);
      throwsError(() => trainer.align(['我', 5]), /^every word of the source must be a string, got number/);
      throwsError(() => trainer.decoderFigure({ bogus: 1 }), /unknown parameter 'bogus'/);
      assert.throws(() => new figure2.Figure2Trainer('nope'), Error);
      throwsError(() => new figure2.Figure2Trainer(7), /^Figure2Trainer: the model name must be a string, got number/);
    };
    failures(); // the first ones fill the module's lazy statics (the exception runtime's: 8 bytes)
    const before = snapshot(figure2);
    const collected = await collectedAfterFailures(20, (n) => new Uint8Array(8 * n), load);
    assert.equal(collected, 20);
    for (let i = 0; i < 200; i++) failures();
    assert.deepEqual(snapshot(figure2), before);
  } finally {
    trainer.delete();
  }
});

test('a trainer made through the wrapped constructor is the class, and its delete() frees it', () => {
  const before = snapshot(figure2);
  const trainer = new figure2.Figure2Trainer('rnnenc');
  assert.ok(trainer instanceof figure2.Figure2Trainer);
  assert.equal(trainer.stepsDone, 0);
  trainer.delete();
  assert.throws(() => trainer.train(1), Error);
  assert.equal(snapshot(figure2).handles, before.handles);
});
