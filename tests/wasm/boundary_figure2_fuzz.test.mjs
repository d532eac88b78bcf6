// attn_figure2's JS API under the same seeded fuzz as attn_core's (boundary_core_fuzz): every
// call throws an Error with a message or returns finite numbers; the handles end where they
// started, a replay leaves the heap where it was, the trainer answers bit for bit as before. Training calls are given only
// bad step counts (or 0), so the model the answers come from does not change.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';

import { loadFigure2Core } from './load_core.mjs';
import { anyValue, callChecked, random, snapshot, spoilSize } from './support/boundary.mjs';

const core = await loadFigure2Core();
const trainer = new core.Figure2Trainer('rnnsearch');
after(() => trainer.delete());
const EXAMPLE = core.exampleSource();

function spoilWords(r) {
  const words = [...EXAMPLE];
  switch (r.int(6)) {
    case 0: words[r.int(words.length)] = anyValue(r); return words;
    case 1: return words.join(' ');
    case 2: return Object.assign([], { length: 2 ** 32 - 1 });
    case 3: return ['未知词', '', '猫'];
    case 4: return anyValue(r);
    default: return words.slice(0, 1 + r.int(words.length));
  }
}

const CALLS = [
  (r) => ['train', [r.chance(0.2) ? 0 : spoilSize(r, 1)]],
  (r) => ['align', [spoilWords(r)]],
  (r) => ['translate', [spoilWords(r)]],
  (r) => ['decoderFigure', [r.pick([{}, { step: 1 }, { bogus: 1 }, { step: NaN }, { step: '1' }, null, 'x', [1], anyValue(r)])]],
  (r) => ['loadWeights', [r.pick([new Uint8Array(r.int(64)), new ArrayBuffer(16), 'ATTNW001', [65, 84], anyValue(r)])]],
  (r) => ['config', r.chance(0.8) ? [] : [anyValue(r)]],
  (r) => ['new', [r.pick(['', 'RNNsearch', 'rnnsearch ', 'both', null, anyValue(r)])]],
];

function fuzz(seed, calls) {
  const r = random(seed);
  const outcomes = [];
  for (let c = 0; c < calls; c++) {
    const [name, args] = CALLS[c % CALLS.length](r);
    const call = name === 'new' ? () => new core.Figure2Trainer(...args) : () => trainer[name](...args);
    outcomes.push(callChecked(call, `#${c} ${name}`));
  }
  return outcomes;
}

test('1,400 fuzzed attn_figure2 calls each throw an Error or return finite numbers, and leave nothing behind', () => {
  const answers = JSON.stringify([trainer.translate(EXAMPLE), Array.from(trainer.align(EXAMPLE).weights.data)]);
  const start = snapshot(core);
  const first = fuzz(14, 700);
  const afterFirst = snapshot(core);
  const second = fuzz(14, 700);
  const end = snapshot(core);
  assert.ok(first.some((o) => o.startsWith('ok')) && first.some((o) => o.startsWith('error')), 'both outcomes occur');
  assert.deepEqual(second, first);
  assert.equal(end.handles, start.handles, 'emval handles are back where they started');
  // The first pass may fill the caches some figures keep on purpose (memory.test.mjs); replaying
  // it must leave the malloc'd bytes and the heap exactly where the first pass left them.
  assert.equal(end.allocated_bytes, afterFirst.allocated_bytes, "replaying the calls leaves no malloc'd byte behind");
  assert.equal(end.heap_bytes, afterFirst.heap_bytes, 'replaying the calls does not grow the heap');
  assert.equal(trainer.stepsDone, 0);
  assert.equal(JSON.stringify([trainer.translate(EXAMPLE), Array.from(trainer.align(EXAMPLE).weights.data)]), answers);
});
