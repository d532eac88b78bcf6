// embed.html inside <iframe sandbox="allow-scripts"> on a page from another origin: the figure
// runs (CORS for the module, wasm and fonts), takes its state from the hash and posts its height;
// the 复制嵌入代码 snippet gives the frame what its buttons need.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowserSuite, waitForFigure } from './harness.mjs';
import { openHost, startHost, waitForHeightOf } from './host-page.mjs';

const suite = useBrowserSuite();
let host;
before(async () => { host = await startHost(); });
after(() => host?.close());

test('a sandboxed cross-origin embed draws its figure and reports its height', async () => {
  const { page, errors, frame: framed } = await openHost(suite, host, suite.url, 'embed.html?fig=funnel#funnel.n=8');
  await page.waitForFunction(() => window.heights.some((h) => h.fig === 'funnel' && h.height > 250), null, { timeout: 20000 });
  const frame = await framed();
  await frame.waitForSelector('[data-figure="funnel"][data-state="ready"]');
  assert.equal(await frame.locator('rect.bar').count(), 8);
  assert.equal(await frame.evaluate(() => window.origin), 'null', 'the frame has an opaque origin');
  await waitForHeightOf(page, frame);

  // A narrower frame reflows; the host hears the new height.
  await page.evaluate(() => { document.querySelector('iframe').width = '340'; });
  await page.waitForFunction(() => window.heights.at(-1).height > window.heights[0].height);
  await waitForHeightOf(page, frame);

  // The reader moves the control inside the frame; the state write (history) must not fail.
  await frame.focus('#funnel-n');
  await page.keyboard.press('ArrowRight');
  assert.equal(await frame.locator('rect.bar').count(), 9);
  await page.waitForTimeout(500);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the embed of the length figure opens its state', async () => {
  const { page, errors, frame: framed } = await openHost(suite, host, suite.url, 'embed.html?fig=length#length.level=0');
  await page.waitForFunction(() => window.heights.some((h) => h.fig === 'length'), null, { timeout: 20000 });
  const frame = await framed();
  await frame.waitForSelector('[data-figure="length"][data-state="ready"]');
  assert.equal(await frame.locator('input[type="radio"]').first().isChecked(), true);
  assert.deepEqual(errors, []);
  await page.close();
});

test('an unknown figure id is reported as text', async () => {
  const { page } = await suite.open('embed.html?fig=%3Cb%3Ebold%3C%2Fb%3E');
  await page.waitForSelector('.page-note');
  assert.match(await page.locator('.page-note').textContent(), /没有这张图：「<b>bold<\/b>」/);
  assert.equal(await page.locator('.page-note b').count(), 0);
  await page.close();
});

const snippetOf = async (page, id) => {
  await page.locator(`[data-figure="${id}"] button[data-action="embed"]`).click();
  return page.locator(`[data-figure="${id}"] .embed-code textarea`).inputValue();
};
const sandboxOf = (code) => /sandbox="([^"]*)"/.exec(code)[1].split(' ').sort();

test('复制嵌入代码 gives an iframe with the current state and what its buttons need', async () => {
  const { page } = await suite.open('index.html#funnel.n=11');
  await waitForFigure(page, 'funnel');
  const code = await snippetOf(page, 'funnel');
  assert.match(code, /<iframe src="http:\/\/127\.0\.0\.1:\d+\/embed\.html\?fig=funnel#funnel\.n=11&amp;funnel\.rho=1&amp;funnel\.seed=\d+"/);
  // Scripts, and downloads for 导出 SVG / PNG / 数据; no same-origin power it does not need.
  assert.deepEqual(sandboxOf(code), ['allow-downloads', 'allow-scripts']);
  assert.match(code, /allow-downloads 让导出按钮能下载文件/);
  // figure2's retraining needs Web Workers, which an opaque origin may not start.
  await waitForFigure(page, 'figure2');
  assert.deepEqual(sandboxOf(await snippetOf(page, 'figure2')), ['allow-downloads', 'allow-same-origin', 'allow-scripts']);
  await page.close();
});

test('the copied snippet, pasted into a course page, gives a frame whose exports download', async () => {
  const { page } = await suite.open('index.html#funnel.n=6');
  await waitForFigure(page, 'funnel');
  const sandbox = sandboxOf(await snippetOf(page, 'funnel')).join(' ');
  await page.close();

  const { page: course, errors, frame: framed } = await openHost(suite, host, suite.url, 'embed.html?fig=funnel#funnel.n=6', { sandbox });
  const frame = await framed();
  await frame.waitForSelector('[data-figure="funnel"][data-state="ready"]');
  for (const action of ['png', 'svg', 'json']) {
    const [file] = await Promise.all([
      course.waitForEvent('download', { timeout: 10000 }),
      frame.locator(`button[data-action="${action}"]`).click(),
    ]);
    assert.equal(file.suggestedFilename(), `funnel.${action}`);
  }
  // Inside a frame the page cannot see a refused download: it says what the host must allow.
  assert.match(await frame.locator('.figure-toolbar-status').textContent(), /sandbox 里加上 allow-downloads/);
  assert.deepEqual(errors, []);
  await course.close();
});
