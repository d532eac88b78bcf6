// decoder: the code on the page is the function in cpp/core/decoder_step.cpp (between its
// markers, tag lines dropped) and the `code` of web/generated/decoder_step.json; 「下一步」 walks
// the tagged line groups, lighting their lines, and α, the top words and the greedy choice are the
// core's; the step slider works by keyboard and pointer; 播放 respects reduced motion.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPO, coreFigure, overflowingElements, screenshot, useBrowserSuite, waitForFigure, assertDrawingFitsSlot, scrollIntoViewAndDraw } from './harness.mjs';

const suite = useBrowserSuite();
const FIG = '[data-figure="decoder"]';

const generated = (name) => JSON.parse(fs.readFileSync(path.join(REPO, 'web', 'generated', name), 'utf8'));
const SOURCE = generated('decoder_step.json');
const RNNSEARCH_SOURCE = generated('rnnsearch_step.json');

// The function as it stands in the C++ file: the lines between the markers, minus the tag lines.
function functionInFile(file = 'core/decoder_step.cpp', marker = 'decoder-step') {
  const lines = fs.readFileSync(path.join(REPO, 'cpp', file), 'utf8').split('\n');
  const begin = lines.findIndex((l) => l.trim() === `// [${marker}:begin]`);
  const end = lines.findIndex((l) => l.trim() === `// [${marker}:end]`);
  return lines.slice(begin + 1, end).filter((l) => !/^\s*\/\/ \[line:[a-z_]+\]\s*$/.test(l)).join('\n');
}

// The decoder figure for the trained weights (all six steps), computed in the page by a second
// instance of the Figure 2 module from the same weight file.
const trainedTrace = (page) => page.evaluate(async () => {
  const moduleUrl = new URL('attn_figure2.mjs', document.baseURI).href;
  const { default: create } = await import(moduleUrl);
  const core = await create({ locateFile: (p) => new URL(p, moduleUrl).href });
  const bytes = new Uint8Array(await (await fetch('figure2/rnnsearch.weights')).arrayBuffer());
  const trainer = new core.Figure2Trainer('rnnsearch');
  trainer.loadWeights(bytes);
  const { data } = trainer.decoderFigure({ step: 6, weights: 1 });
  trainer.delete();
  return JSON.parse(JSON.stringify(data, (_, v) => (ArrayBuffer.isView(v) ? Array.from(v) : v)));
});
const trainedReady = (page) => page.waitForFunction((sel) => /权重已训练/.test(document.querySelector(`${sel} .decoder-untrained`)?.textContent),
  FIG, { timeout: 30000 });

const stepValue = (page) => page.locator('#decoder-step').evaluate((input) => input.valueAsNumber);
// 1-based numbers (within the listing) of the lines lit as 「just ran」.
const currentLines = (page) => page.locator(`${FIG} .code-line`).evaluateAll((lines) =>
  lines.flatMap((line, k) => (line.classList.contains('is-current') ? [k + 1] : [])));
const alphaShown = (page) => page.locator(`${FIG} text.alpha-value`).allTextContents();
const next = (page) => page.locator(`${FIG} button.decoder-next`).click();

async function assertStepMatchesCore(page, step) {
  const { data } = await coreFigure(page, 'decoder', { step, seed: 1 });
  const last = data.steps.at(-1);
  assert.deepEqual(await alphaShown(page), last.alpha.map((a) => a.toFixed(2)));
  assert.deepEqual(await page.locator(`${FIG} .top-row .top-p`).allTextContents(), last.top.map((t) => t.p.toFixed(3)));
  assert.equal(await page.locator(`${FIG} .top-row.is-chosen .top-word`).textContent(), `→ ${last.chosen}`);
  assert.deepEqual(await page.locator(`${FIG} .decoder-sentence .word`).allTextContents(), data.steps.map((s) => s.chosen));
  return data;
}

test('the code shown is the file\'s function and the JSON\'s code, with the file\'s line numbers', async () => {
  const { page, errors } = await suite.open('index.html');
  await waitForFigure(page, 'decoder');
  const shown = await page.locator(`${FIG} pre.decoder-code code`).textContent();
  assert.equal(shown, SOURCE.code);
  assert.equal(shown, functionInFile());
  const numbers = await page.locator(`${FIG} .code-line`).evaluateAll((lines) => lines.map((l) => Number(l.dataset.ln)));
  assert.deepEqual(numbers, SOURCE.file_lines);
  assert.match(await page.locator(`${FIG} .decoder-untrained`).textContent(), /随机初始化、未训练/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('「下一步」 walks the line groups, then the next decoding step; α and the words are the core\'s', async () => {
  const { page, errors } = await suite.open('index.html');
  await waitForFigure(page, 'decoder');
  const { data: first } = await coreFigure(page, 'decoder', { step: 1, seed: 1 });
  const order = first.lines;
  // Step 1 is shown complete: the last group (output) just ran.
  assert.deepEqual(await currentLines(page), SOURCE.lines[order.at(-1)]);
  await assertStepMatchesCore(page, 1);
  const alphaStep1 = await alphaShown(page);

  await next(page);
  assert.equal(await stepValue(page), 2);
  assert.deepEqual(await currentLines(page), SOURCE.lines[order[0]]);
  assert.deepEqual(await alphaShown(page), [], 'α is not computed before softmax');
  for (let k = 1; k < order.length; k += 1) {
    await next(page);
    assert.deepEqual(await currentLines(page), SOURCE.lines[order[k]], `group ${order[k]}`);
    assert.equal(await page.locator(`${FIG} .code-line.is-ran`).count(), order.slice(0, k).reduce((n, t) => n + SOURCE.lines[t].length, 0));
    if (order[k] === 'softmax') assert.equal((await alphaShown(page)).length, first.src.length);
  }
  await assertStepMatchesCore(page, 2);
  assert.notDeepEqual(await alphaShown(page), alphaStep1, 'α changes from step to step');
  await page.waitForFunction(() => /decoder\.[^#]*step=2/.test(location.hash));
  assert.deepEqual(errors, []);
  await page.close();
});

test('the step slider works by keyboard and by pointer', async () => {
  const { page, errors } = await suite.open('index.html');
  await waitForFigure(page, 'decoder');
  await page.focus('#decoder-step');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await stepValue(page), 3);
  await assertStepMatchesCore(page, 3);
  const slider = page.locator('#decoder-step');
  await scrollIntoViewAndDraw(slider);
  const box = await slider.boundingBox();
  await page.mouse.click(box.x + box.width - 3, box.y + box.height / 2);
  const last = await stepValue(page);
  assert.equal(last, 6);
  const data = await assertStepMatchesCore(page, last);
  // At the end 「下一步」 offers to start again, and does.
  if (data.steps.length === last || data.stopped) {
    assert.equal(await page.locator(`${FIG} button.decoder-next`).textContent(), '从头再来');
    await next(page);
    assert.equal(await stepValue(page), 1);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('播放 steps on by itself; with reduced motion it moves whole steps; 暂停 stops it', async () => {
  const { page, errors } = await suite.open('index.html');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await waitForFigure(page, 'decoder');
  const play = page.locator(`${FIG} button.decoder-play`);
  await play.focus();
  await page.keyboard.press('Enter');
  assert.equal(await play.getAttribute('aria-pressed'), 'true');
  await page.waitForFunction(() => document.querySelector('#decoder-step').valueAsNumber >= 2, null, { timeout: 5000 });
  // A whole step at a time: the step is shown complete (its last group just ran).
  assert.match(await page.locator(`${FIG} .decoder-status`).textContent(), /第 6 \/ 6 段/);
  await page.keyboard.press('Enter');
  assert.equal(await play.getAttribute('aria-pressed'), 'false');
  assert.equal(await play.textContent(), '播放');
  assert.deepEqual(errors, []);
  await page.close();
});

test('with the trained weights it translates for real: RNNsearch\'s own step, its α and words from the weight file', async () => {
  const { page, errors } = await suite.open('index.html');
  await waitForFigure(page, 'decoder');
  await page.locator(`${FIG} input[name$="weights"][value="1"]`).check();
  await trainedReady(page);
  // The listing is now rnn_search_step, cut from cpp/nmt/rnn_search.cpp, and only it is in the figure.
  assert.equal(await page.locator(`${FIG} pre.decoder-code code`).textContent(), RNNSEARCH_SOURCE.code);
  assert.equal(RNNSEARCH_SOURCE.code, functionInFile('nmt/rnn_search.cpp', 'rnnsearch-step'));
  assert.match(await page.locator(`${FIG} .decoder-source`).textContent(), /cpp\/nmt\/rnn_search\.cpp/);
  const trace = await trainedTrace(page);
  for (let step = 1; step <= trace.steps.length; step += 1) {
    if (step > 1) await page.locator('#decoder-step').fill(String(step));
    await page.waitForFunction(([sel, k]) => document.querySelectorAll(`${sel} .decoder-sentence .word`).length === k, [FIG, step]);
    const expected = trace.steps[step - 1];
    assert.deepEqual(await alphaShown(page), expected.alpha.map((a) => a.toFixed(2)), `α at step ${step}`);
    assert.deepEqual(await page.locator(`${FIG} .top-row .top-word`).allTextContents(),
      expected.top.map((t) => (t.word === expected.chosen ? `→ ${t.word}` : t.word)), `top words at step ${step}`);
  }
  // Bahdanau order: the groups run scores → softmax → context → embed → gru → output.
  assert.deepEqual(Object.keys(RNNSEARCH_SOURCE.lines), ['scores', 'softmax', 'context', 'embed', 'gru', 'output']);
  assert.deepEqual(await page.locator(`${FIG} .decoder-sentence .word`).allTextContents(), trace.steps.map((s) => s.chosen));
  assert.equal(trace.stopped, true);
  assert.equal(await page.locator(`${FIG} .decoder-sentence-note`).textContent(), '（写出 <eos>，解码结束）');
  // Back to the random weights: the chapter's own step again.
  await page.locator(`${FIG} input[name$="weights"][value="0"]`).check();
  assert.equal(await page.locator(`${FIG} pre.decoder-code code`).textContent(), SOURCE.code);
  assert.match(await page.locator(`${FIG} .decoder-untrained`).textContent(), /随机初始化、未训练/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the trained weights from the URL; a missing weight file is said in the figure, the random weights still work', async () => {
  const { page, errors } = await suite.open('index.html#decoder.weights=1&decoder.step=3');
  await trainedReady(page);
  assert.equal(await page.locator(`${FIG} .decoder-sentence .word`).count(), 3);
  await page.close();
  const broken = await suite.open('about:blank');
  await broken.page.route('**/figure2/rnnsearch.weights', (route) => route.fulfill({ status: 404, body: 'missing' }));
  await broken.page.goto(new URL('index.html#decoder.weights=1', suite.url).href);
  await broken.page.waitForFunction((sel) => /HTTP 404/.test(document.querySelector(`${sel} .figure-alert`)?.textContent),
    FIG, { timeout: 30000 });
  assert.match(await broken.page.locator(`${FIG} .decoder-untrained`).textContent(), /没能载入或计算/);
  assert.equal(await broken.page.locator(`${FIG} button.decoder-next`).isDisabled(), true);
  await broken.page.locator(`${FIG} input[name$="weights"][value="0"]`).check();
  assert.match(await broken.page.locator(`${FIG} .decoder-untrained`).textContent(), /随机初始化、未训练/);
  assert.equal(await broken.page.locator(`${FIG} button.decoder-next`).isDisabled(), false);
  assert.deepEqual(errors, []);
  assert.deepEqual(broken.errors.filter((e) => !/rnnsearch\.weights/.test(e)), []);
  await broken.page.close();
});

for (const colorScheme of ['light', 'dark']) {
  for (const width of [1280, 360]) {
    test(`screenshot at ${width} px, ${colorScheme}, mid-step: nothing widens the page`, async () => {
      const { page, errors } = await suite.open('index.html#decoder.step=2', { width, height: 2400, colorScheme });
      await waitForFigure(page, 'decoder');
      await page.evaluate(() => document.fonts.ready);
      await next(page); // step 3, first group
      for (let k = 0; k < 3; k += 1) await next(page); // … up to softmax: α shown, output not yet
      await page.evaluate((sel) => window.scrollTo(0, document.querySelector(sel).getBoundingClientRect().top + window.scrollY - 70), FIG);
      assert.deepEqual(await overflowingElements(page, FIG), [], 'something in the figure reaches past its box');
      await assertDrawingFitsSlot(page, FIG);
      await screenshot(page, `decoder-${width}-${colorScheme}`, { locator: page.locator(FIG) });
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
}
