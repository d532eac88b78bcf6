// Figures mount as the reader comes near them and the rest in idle time (mount-schedule.js):
// a figure the URL points at comes first and stays where the reader was taken while the figures
// above it mount, and every figure is mounted in the end without any scrolling.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { holdBack, useBrowserSuite, waitForFiguresSettled } from './harness.mjs';

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

// main.js asks for every chunk of the figures' code at once. The import alone fetches a chunk of a
// few bytes that re-exports the one holding the code, which the browser would ask for only once
// the small one had arrived: a round trip more on a slow connection.
test('every chunk of the figures\' code is asked for at once, not once the first has arrived', async () => {
  const { page, errors } = await suite.open('about:blank', { width: 1280, height: 900 });
  const STUB = /\/chapter-figures-\w+\.js$/;
  const askedAt = new Map();
  page.on('request', (request) => {
    const file = new URL(request.url()).pathname.split('/').pop();
    if (/\.js$/.test(file) && !askedAt.has(file)) askedAt.set(file, Date.now());
  });
  const stubDelivered = await holdBack(page, STUB, 1500);
  await page.goto(new URL('index.html', suite.url).href);
  await settled(page);
  const stubDeliveredAt = stubDelivered() ?? Infinity;
  const stub = [...askedAt.keys()].find((file) => STUB.test(`/${file}`));
  assert.ok(stub, `the figures' code was asked for: ${[...askedAt.keys()].join(', ')}`);
  // What the page's own module imports is asked for as the page is read; what is left is the
  // figures' code, and all of it must have been asked for while the stub was held back.
  const parseTime = await page.evaluate(() => {
    const fileOf = (link) => new URL(link.getAttribute('href'), location.href).pathname.split('/').pop();
    const figuresCode = new Set([...document.getElementById('figures-code')?.content.querySelectorAll('link') ?? []].map(fileOf));
    return [...document.head.querySelectorAll(':scope > link[rel="modulepreload"]')].map(fileOf).filter((file) => !figuresCode.has(file));
  });
  const later = [...askedAt.keys()].filter((file) => /^chunk-/.test(file) && !parseTime.includes(file));
  assert.ok(later.length > 0, `a chunk of the figures' code beyond the stub: ${[...askedAt.keys()].join(', ')}`);
  for (const file of later) {
    assert.ok(askedAt.get(file) < stubDeliveredAt, `${file} was asked for ${askedAt.get(file) - stubDeliveredAt} ms after the stub ${stub} had arrived`);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

// main.js: the page fetches the core at once when a figure on screen needs it, or when it opens
// at a figure; otherwise once the figures' code is in. Opened at its top on a laptop's screen, it
// shows Figure 2 alone, which needs no core; a screen 3,000 px tall shows funnel beneath it (Figure
// 2's slot holds ~1,900 px of it).
test('the core is fetched at once when a figure on screen needs it or the page opens at a figure, after the figures\' code otherwise', async () => {
  const STUB = /\/chapter-figures-\w+\.js$/; // the import's own file: it resolves once this is in
  const cases = [['index.html', 900, true], ['index.html#fig-decoder', 900, false], ['index.html', 3000, false]];
  for (const [address, height, coreWaits] of cases) {
    const { page, errors } = await suite.open('about:blank', { width: 1280, height });
    let coreAskedAt = null;
    page.on('request', (request) => {
      if (coreAskedAt === null && /\/attn_core\.wasm$/.test(request.url())) coreAskedAt = Date.now();
    });
    // The figures' code held back a second: the core is asked for within it, or after it.
    const codeDelivered = await holdBack(page, STUB);
    await page.goto(new URL(address, suite.url).href);
    await settled(page);
    const codeDeliveredAt = codeDelivered();
    assert.ok(codeDeliveredAt !== null && coreAskedAt !== null, `at ${address} (${height} px tall), the figures' code and the core were asked for`);
    const after = coreAskedAt - codeDeliveredAt;
    if (coreWaits) assert.ok(after >= 0, `at ${address} (${height} px tall), the core was asked for ${-after} ms before the figures' code had arrived`);
    else assert.ok(after < 0, `at ${address} (${height} px tall), the core was asked for only ${after} ms after the figures' code had arrived`);
    assert.deepEqual(errors, []);
    await page.close();
  }
});
