// Figures mount as the reader comes near them and the rest in idle time (mount-schedule.js):
// a figure the URL points at comes first and stays where the reader was taken while the figures
// above it mount, and every figure is mounted in the end without any scrolling.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowserSuite, waitForFiguresSettled } from './harness.mjs';

const suite = useBrowserSuite();

const settled = (page) => waitForFiguresSettled(page);

// The figures in the order they mounted (figure-page.js measures each mount).
const mountOrder = (page) => page.evaluate(() => performance.getEntriesByType('measure')
  .filter((m) => m.name.startsWith('mount ')).map((m) => m.name.slice('mount '.length)));

test('every figure mounts without scrolling, the ones on screen first', async () => {
  const { page, errors } = await suite.open('index.html', { width: 1280, height: 900 });
  const onScreen = await page.evaluate(() => [...document.querySelectorAll('[data-figure]')]
    .filter((slot) => { const box = slot.getBoundingClientRect(); return box.bottom > 0 && box.top < innerHeight; })
    .map((slot) => slot.dataset.figure));
  await settled(page);
  const order = await mountOrder(page);
  const slots = await page.evaluate(() => [...document.querySelectorAll('[data-figure]')].map((s) => s.dataset.figure));
  assert.deepEqual([...order].sort(), [...slots].sort(), 'each slot mounted once');
  assert.deepEqual(order.slice(0, onScreen.length).sort(), [...onScreen].sort(), `on screen: ${onScreen.join(', ')}; order: ${order.join(', ')}`);
  assert.equal(await page.evaluate(() => scrollY), 0, 'nothing scrolled the page');
  assert.deepEqual(errors, []);
  await page.close();
});

test('an anchor to a figure far down mounts it first, and it stays in view while the others mount', async () => {
  const { page, errors } = await suite.open('index.html#fig-decoder', { width: 1280, height: 900 });
  await settled(page);
  const order = await mountOrder(page);
  assert.equal(order[0], 'decoder', `order: ${order.join(', ')}`);
  const box = await page.locator('#fig-decoder').boundingBox();
  assert.ok(box.y > -box.height && box.y < 900, `the decoder figure is in view (top at ${box.y.toFixed(0)} px)`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('following a link to a figure not yet mounted mounts it at once', async () => {
  const { page, errors } = await suite.open('about:blank');
  // No idle time: only what is near the viewport, or named by the URL, may mount.
  await page.addInitScript(() => { window.requestIdleCallback = () => 0; });
  await page.goto(new URL('index.html', suite.url).href);
  await page.waitForSelector('[data-figure="figure2"][data-state="ready"]', { timeout: 30000 });
  assert.notEqual(await page.locator('#fig-ledger').getAttribute('data-state'), 'ready', 'far below, not mounted without idle time');
  await page.evaluate(() => { location.hash = '#fig-ledger'; });
  await page.waitForSelector('#fig-ledger[data-state="ready"]', { timeout: 30000 });
  assert.deepEqual(errors, []);
  await page.close();
});

// main.js: the figures' code and the core are fetched once the text has been painted, so that on
// a slow connection the first screen's text has the network to itself.
test('the figures\' code and the core are fetched only once the text has been painted', async () => {
  for (const [width, height] of [[412, 823], [1280, 900]]) {
    const { page, errors } = await suite.open('index.html', { width, height });
    await settled(page);
    const { painted, fetched } = await page.evaluate(() => ({
      painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      fetched: performance.getEntriesByType('resource')
        .filter((entry) => /\/(attn_core\.(mjs|wasm)|chapter-figures-\w+\.js)$/.test(entry.name))
        .map((entry) => ({ file: entry.name.split('/').pop(), at: entry.startTime })),
    }));
    assert.ok(painted > 0, 'the text was painted');
    assert.equal(fetched.length, 3, `at ${width} px: ${JSON.stringify(fetched)}`);
    for (const { file, at } of fetched) {
      assert.ok(at >= painted, `at ${width} px, ${file} was asked for at ${at.toFixed(0)} ms, before the text was painted (${painted.toFixed(0)} ms)`);
    }
    assert.deepEqual(errors, []);
    await page.close();
  }
});
