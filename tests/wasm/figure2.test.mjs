// Figure 2 in WASM (attn_figure2.mjs) against what the native build wrote (build/figure2: the
// weight files and reports of `attn train-figure2`): the same weights give the same evaluation
// and alignment, the same config gives the same first losses, and bad input is a JS Error that
// leaves the module working.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadFigure2Core } from './load_core.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const figure2Dir = process.env.ATTN_FIGURE2_DIR ?? path.join(root, 'build/figure2');
const MODELS = ['rnnenc', 'rnnsearch'];
const EXAMPLE = ['我', '昨天', '看见', '一只', '猫'];

const report = (model) => JSON.parse(fs.readFileSync(path.join(figure2Dir, `${model}.json`), 'utf8'));
const weights = (model) => new Uint8Array(fs.readFileSync(path.join(figure2Dir, `${model}.weights`)));

let core;
before(async () => {
  for (const m of MODELS) {
    for (const ext of ['json', 'weights']) {
      assert.ok(fs.existsSync(path.join(figure2Dir, `${m}.${ext}`)), `${figure2Dir}/${m}.${ext} is missing: run ./build.sh build`);
    }
  }
  core = await loadFigure2Core();
});

// Runs fn with a fresh trainer and frees it, whatever happens.
function withTrainer(model, fn) {
  const trainer = new core.Figure2Trainer(model);
  try {
    return fn(trainer);
  } finally {
    trainer.delete();
  }
}

// …the build's trained RNNsearch, loaded from its weight file.
const withBuildRnnSearch = (fn) => withTrainer('rnnsearch', (t) => {
  t.loadWeights(weights('rnnsearch'));
  return fn(t);
});

// The module's objects (Value → to_js) as plain JSON-like data: Float64Array → Array.
const plain = (x) => JSON.parse(JSON.stringify(x, (_, v) => (ArrayBuffer.isView(v) ? Array.from(v) : v)));
const rows = (m) => Array.from({ length: m.rows }, (_, i) => Array.from(m.data.slice(i * m.cols, (i + 1) * m.cols)));

for (const model of MODELS) {
  test(`${model}: the build's weights evaluated in WASM give exactly the report's final buckets`, () => {
    const json = report(model);
    withTrainer(model, (t) => {
      assert.equal(t.parameterCount, json.parameters);
      assert.equal(t.stepsTotal, json.config.train.steps);
      assert.deepEqual(plain(t.config()), json.config); // the report's config, key for key
      t.loadWeights(weights(model));
      assert.deepEqual(plain(t.evaluate()), { ...json.final, step: 0 }); // loaded, not trained here
      // The file goes back out byte for byte.
      assert.deepEqual(t.saveWeights(), weights(model));
    });
  });

  test(`${model}: the first training steps in WASM match the native loss curve (relative 1e-9)`, () => {
    const curve = report(model).loss_curve;
    const window = curve.steps[0];
    const windows = 2;
    // One step per call, as the page's worker trains: slices must not change the sequence.
    const losses = withTrainer(model, (t) => Array.from({ length: window * windows }, () => t.train(1)[0]));
    for (let k = 0; k < windows; k += 1) {
      assert.equal(curve.steps[k], window * (k + 1));
      const mean = losses.slice(k * window, (k + 1) * window).reduce((a, b) => a + b, 0) / window;
      const expected = curve.loss[k];
      assert.ok(Math.abs(mean - expected) <= 1e-9 * Math.abs(expected), `window ${k}: WASM ${mean}, native ${expected}`);
    }
  });
}

// The page has RNNenc's worker evaluate RNNsearch's checkpoints from their saved weights while
// RNNsearch trains on (train-worker.js): that must give exactly the trainer's own evaluation.
test('rnnsearch: a checkpoint evaluated from its saved weights is the trainer\'s own evaluation', () => {
  withTrainer('rnnsearch', (t) => {
    t.train(30);
    const own = plain(t.evaluate());
    const elsewhere = withTrainer('rnnsearch', (other) => {
      other.loadWeights(t.saveWeights());
      return plain(other.evaluate());
    });
    assert.deepEqual({ ...elsewhere, step: own.step }, own);
    assert.equal(own.step, 30);
  });
});

test('rnnsearch: the alignment of the example in WASM is the report\'s, and "yesterday" looks at 昨天', () => {
  const expected = report('rnnsearch').alignment;
  withBuildRnnSearch((t) => {
    const a = t.align(EXAMPLE);
    assert.deepEqual(a.source, EXAMPLE);
    assert.deepEqual(a.output, expected.output);
    assert.deepEqual([a.weights.rows, a.weights.cols], [expected.weights.rows, expected.weights.cols]);
    // exp and tanh of libstdc++'s libm and of Emscripten's differ in the last bits.
    a.weights.data.forEach((w, k) => assert.ok(Math.abs(w - expected.weights.data[k]) < 1e-12, `entry ${k}: ${w} vs ${expected.weights.data[k]}`));
    assert.deepEqual(t.translate(EXAMPLE), expected.output);
    const i = a.output.indexOf('yesterday');
    assert.ok(i >= 0, `the translation has "yesterday": ${a.output.join(' ')}`);
    const row = rows(a.weights)[i];
    assert.equal(EXAMPLE[row.indexOf(Math.max(...row))], '昨天');
  });
});

// The decoder figure with the trained weights, computed here: the same decoding, step by step.
test('rnnsearch: decoderFigure retraces the report\'s translation and alignment, five words a step', () => {
  const expected = report('rnnsearch').alignment;
  const alignment = rows(expected.weights);
  assert.deepEqual(core.exampleSource(), EXAMPLE);
  withBuildRnnSearch((t) => {
    const { id, params, data } = t.decoderFigure({ step: 6, weights: 1 });
    assert.equal(id, 'decoder');
    assert.deepEqual(params, { step: 6, seed: 1, weights: 1 });
    assert.deepEqual(data.src, EXAMPLE);
    assert.equal(data.trained, true);
    assert.equal(data.stopped, true);
    assert.deepEqual(data.lines, ['scores', 'softmax', 'context', 'embed', 'gru', 'output']);
    assert.deepEqual(data.steps.map((s) => s.chosen), [...expected.output, '<eos>']);
    assert.deepEqual(data.steps.map((s) => s.input), ['<bos>', ...expected.output]);
    data.steps.forEach((step, i) => {
      assert.equal(step.top.length, 5);
      assert.equal(step.top[0].word, step.chosen);
      step.top.slice(1).forEach((entry, r) => assert.ok(entry.p <= step.top[r].p, `step ${i}: top words descend`));
      Array.from(step.alpha).forEach((a, j) => assert.ok(Math.abs(a - alignment[i][j]) < 1e-12, `step ${i}, word ${j}`));
    });
    // Fewer steps asked for: the first ones, not stopped yet; the seeded decoder is the core's own.
    const two = t.decoderFigure({ step: 2, weights: 1 }).data;
    assert.deepEqual(plain(two.steps), plain(data.steps.slice(0, 2)));
    assert.equal(two.stopped, false);
    assert.equal(t.decoderFigure({ step: 3 }).data.trained, false);
    throwsError(() => t.decoderFigure({ step: 7, weights: 1 }), /parameter 'step' = 7 is outside/);
    throwsError(() => t.decoderFigure({ weights: '1' }), /must be a number/);
  });
  withTrainer('rnnenc', (t) => {
    t.loadWeights(weights('rnnenc'));
    throwsError(() => t.decoderFigure({ weights: 1 }), /rnnenc has no attention/);
  });
  withTrainer('rnnsearch', (t) => throwsError(() => t.decoderFigure({ weights: 1 }), /neither been trained nor loaded/));
});

// Asserts that fn throws a JS Error whose message matches.
function throwsError(fn, pattern) {
  assert.throws(fn, (error) => error instanceof Error && pattern.test(error.message), String(pattern));
}

test('bad weight files, unknown words and align on rnnenc are JS Errors; the module keeps working', () => {
  const good = weights('rnnsearch');
  const withMagic = (magic) => Uint8Array.from([...new TextEncoder().encode(magic), ...good.slice(8)]);
  const withNaN = good.slice();
  new DataView(withNaN.buffer).setFloat32(12 + 4 * 7, NaN, true);
  const before = core.heapStats().allocated_bytes;
  withTrainer('rnnsearch', (t) => {
    for (let round = 0; round < 20; round += 1) {
      throwsError(() => t.loadWeights(good.slice(0, 5)), /shorter than its 12-byte header/);
      throwsError(() => t.loadWeights(good.slice(0, good.length - 4)), /truncated/);
      throwsError(() => t.loadWeights(Uint8Array.from([...good, 0])), /bytes after/);
      throwsError(() => t.loadWeights(withMagic('NOTW0001')), /ATTNW001/);
      throwsError(() => t.loadWeights(withNaN), /not finite/);
      throwsError(() => t.loadWeights(weights('rnnenc')), /rnnsearch model has/);
      throwsError(() => t.loadWeights('ATTNW001'), /Uint8Array/);
      throwsError(() => t.loadWeights(undefined), /missing/);
      throwsError(() => t.align(['我', '昨天', '看见', '一只', '狗熊']), /'狗熊' is not a word/);
      throwsError(() => t.align([]), /empty/);
      throwsError(() => t.align('我 昨天'), /array of words/);
      throwsError(() => t.align([1, 2]), /string/);
      throwsError(() => t.translate(['🐱']), /not a word/);
      throwsError(() => t.train(-1), /whole number/);
      throwsError(() => t.train(1.5), /whole number/);
      throwsError(() => t.train('3'), /number/);
    }
    // After all that, the good file still loads and the model still aligns as the build's did.
    t.loadWeights(good.buffer.slice(good.byteOffset, good.byteOffset + good.byteLength)); // an ArrayBuffer works too
    assert.deepEqual(Array.from(t.align(EXAMPLE).output), report('rnnsearch').alignment.output);
  });
  withTrainer('rnnenc', (t) => {
    throwsError(() => t.align(EXAMPLE), /rnnenc has no attention/);
    t.loadWeights(weights('rnnenc'));
    assert.ok(t.translate(EXAMPLE).length > 0, 'the trained rnnenc translates');
  });
  throwsError(() => new core.Figure2Trainer('transformer'), /unknown model 'transformer'/);
  throwsError(() => new core.Figure2Trainer(7), /string/);
  // The errors leave nothing behind on the WASM heap (some slack for the allocator's own books).
  assert.ok(core.heapStats().allocated_bytes - before < 64 * 1024, `heap grew by ${core.heapStats().allocated_bytes - before} bytes`);
});
