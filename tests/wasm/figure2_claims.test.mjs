// Figure 2 trained by the WASM core (the path a reader's browser takes) to the end of the default
// budget, against the build's native training (build/figure2): the trainer is float32 with
// fixed-order sums and its own tanh/exp (cpp/nmt/batch_trainer.hpp), so the two must end on the
// same bits — the weight files equal byte for byte, hence the same BLEU in every bucket and the
// same alignment. Then the chapter's claims, with the thresholds of tests/cpp/figure2/claims_test.cpp.
// About a minute: the two models train at once, in two worker threads.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const figure2Dir = process.env.ATTN_FIGURE2_DIR ?? path.join(root, 'build/figure2');
const buildFile = (model, ext) => fs.readFileSync(path.join(figure2Dir, `${model}.${ext}`));

function train(model) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./support/train_figure2_worker.mjs', import.meta.url), { workerData: { model } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => code && reject(new Error(`${model} worker exited with ${code}`)));
  });
}

let enc;
let search;
before(async () => {
  [enc, search] = await Promise.all([train('rnnenc'), train('rnnsearch')]);
});

test('WASM training runs the whole budget', () => {
  assert.ok(enc.steps > 0 && enc.steps === search.steps, `${enc.steps} and ${search.steps} steps`);
});

for (const [model, trained] of [['rnnenc', () => enc], ['rnnsearch', () => search]]) {
  test(`${model} trained in WASM ends on the native build's weights, bit for bit`, () => {
    const weights = buildFile(model, 'weights');
    assert.equal(trained().weights.length, weights.length);
    assert.ok(Buffer.from(trained().weights).equals(weights), 'the weight files differ');
    assert.deepEqual(trained().buckets, JSON.parse(buildFile(model, 'json')).final.buckets);
  });
}

test('RNNenc trained in WASM: at least 0.60 BLEU on 3–9 words, falling to at most a third of it on 40–50', () => {
  const b = enc.buckets;
  assert.ok(b[0].bleu >= 0.6, `3–9: ${b[0].bleu}`);
  assert.ok(b.at(-1).bleu <= b[0].bleu / 3, `3–9 ${b[0].bleu}, 40–50 ${b.at(-1).bleu}`);
  for (let k = 1; k < b.length; k++) assert.ok(b[k].bleu < b[k - 1].bleu, `bucket ${b[k].lo}–${b[k].hi}: ${b[k].bleu} ≥ ${b[k - 1].bleu}`);
});

test('RNNsearch trained in WASM: at least 0.90 BLEU in every bucket', () => {
  for (const bucket of search.buckets) assert.ok(bucket.bleu >= 0.9, `bucket ${bucket.lo}–${bucket.hi}: ${bucket.bleu}`);
});

test('RNNsearch trained in WASM: "yesterday" attends to 昨天', () => {
  const { source, output, weights } = search.alignment;
  const i = output.indexOf('yesterday');
  assert.ok(i >= 0, `no "yesterday" in ${output.join(' ')}`);
  const row = Array.from(weights.data.slice(i * weights.cols, (i + 1) * weights.cols));
  assert.equal(source[row.indexOf(Math.max(...row))], '昨天');
});
