// Figure 2's notes get their numbers from the build's reports (web/js/figures/figure2/facts.js):
// the BLEU the text quotes is the reports' final evaluation, × 100 as the chart shows it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { figure2Facts, fillFigure2Facts } from '../../web/js/figures/figure2/facts.js';

const bucket = (lo, hi, bleu) => ({ lo, hi, count: 100, bleu, exact: 0 });
const report = (model, bleus) => ({
  model, parameters: 1234, train_seconds: 42, eval_seconds: 3,
  config: { train: { steps: 2000, batch: 16, lr: 0.005, clip: 1 }, embedding: 32, hidden: 64, corpus: {}, checkpoint_every: 500 },
  final: { buckets: bleus.map((b, i) => bucket(i === 0 ? 3 : 10 * i, i === 0 ? 9 : 10 * i + 9, b)) },
});

test('the notes quote RNNenc\'s shortest and longest buckets and RNNsearch\'s lowest', () => {
  const facts = figure2Facts({ rnnenc: report('rnnenc', [0.667, 0.306, 0.147]), rnnsearch: report('rnnsearch', [0.999, 0.986, 0.993]) });
  assert.equal(facts['short-bucket'], '3–9');
  assert.equal(facts['long-bucket'], '20–29');
  assert.equal(facts['rnnenc-bleu-short'], '66.7');
  assert.equal(facts['rnnenc-bleu-long'], '14.7');
  assert.equal(facts['rnnsearch-bleu-min'], '98.6');
  const html = fillFigure2Facts('<span data-figure2-fact="rnnenc-bleu-short">？</span>', facts);
  assert.equal(html, '<span data-figure2-fact="rnnenc-bleu-short">66.7</span>');
});

test('without reports the placeholders stay', () => {
  const facts = figure2Facts({});
  assert.equal(fillFigure2Facts('<span data-figure2-fact="rnnsearch-bleu-min">？</span>', facts),
    '<span data-figure2-fact="rnnsearch-bleu-min">？</span>');
});
