// When the core cannot load (wasm missing, corrupt, the module blocked, or a browser too old to
// run it), every figure slot that needs it says what failed and the chapter text stays readable.
// Figure 2 computes nothing through the core (its curves are the build's, its map and retraining
// use a module of their own): it is drawn all the same.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowserSuite, waitForFigure } from './harness.mjs';

const suite = useBrowserSuite();

const CORE_FREE = ['figure2'];

// figure2Silent: Figure 2 shows nothing of the failure (false where its map, computed by a module
// of its own, may fail for the same reason).
async function assertEverySlotExplains(page, pattern, { figure2Silent = true } = {}) {
  await waitForFigure(page, 'funnel', { state: 'error' });
  await waitForFigure(page, 'figure2');
  const slots = await page.locator('[data-figure]').evaluateAll((nodes) =>
    nodes.map((n) => ({ id: n.dataset.figure, state: n.dataset.state, text: n.querySelector('.figure-mount').textContent })));
  assert.ok(slots.length > 1);
  for (const slot of slots.filter((s) => !CORE_FREE.includes(s.id))) {
    assert.equal(slot.state, 'error', slot.id);
    assert.match(slot.text, pattern);
  }
  for (const slot of slots.filter((s) => CORE_FREE.includes(s.id))) {
    assert.equal(slot.state, 'ready', `${slot.id} needs no core`);
    if (figure2Silent) assert.doesNotMatch(slot.text, pattern);
  }
  // Both models' build-time curves (the reports come after the mount).
  await page.waitForFunction(() => [...document.querySelectorAll('[data-figure="figure2"] path.bleu-line')]
    .filter((p) => (p.getAttribute('d') ?? '').length > 10).length === 2, null, { timeout: 15000 });
  assert.equal(await page.locator('.chapter p').first().isVisible(), true);
}

test('a missing wasm file is explained in every slot that needs the core', async () => {
  const { page } = await suite.open('about:blank');
  await page.route('**/attn_core.wasm', (route) => route.fulfill({ status: 404, body: 'not found' }));
  await page.goto(new URL('index.html', suite.url).href);
  await assertEverySlotExplains(page, /attn_core\.wasm/);
  await page.close();
});

test('a corrupt wasm file is explained in every slot that needs the core', async () => {
  const { page } = await suite.open('about:blank');
  await page.route('**/attn_core.wasm', (route) =>
    route.fulfill({ status: 200, contentType: 'application/wasm', body: Buffer.from('not a wasm module at all') }));
  await page.goto(new URL('index.html', suite.url).href);
  await assertEverySlotExplains(page, /attn_core\.wasm/);
  await page.close();
});

// A host that serves .wasm under another media type: the core is compiled from its bytes.
test('a wasm file served without its media type still starts the core', async () => {
  const { page } = await suite.open('about:blank');
  await page.route('**/attn_core.wasm', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ status: 200, contentType: 'application/octet-stream', body: await response.body() });
  });
  await page.goto(new URL('index.html', suite.url).href);
  await waitForFigure(page, 'funnel');
  assert.equal(await page.locator('[data-figure="funnel"]').getAttribute('data-state'), 'ready');
  await page.close();
});

// The core's code is asked for beside its script, not once the script has arrived and run.
test('the wasm file is requested before the core script has arrived', async () => {
  const { page } = await suite.open('index.html');
  await waitForFigure(page, 'funnel');
  const [script, wasm] = await page.evaluate(() => ['attn_core.mjs', 'attn_core.wasm']
    .map((name) => performance.getEntriesByType('resource').find((e) => e.name.endsWith(`/${name}`)))
    .map((e) => ({ start: e.startTime, end: e.responseEnd })));
  assert.ok(wasm.start <= script.end, `wasm asked for at ${wasm.start} ms, the script arrived at ${script.end} ms`);
  await page.close();
});

test('a blocked core script is explained in every slot that needs the core', async () => {
  const { page } = await suite.open('about:blank');
  await page.route('**/attn_core.mjs', (route) => route.abort('blockedbyclient'));
  await page.goto(new URL('index.html', suite.url).href);
  await assertEverySlotExplains(page, /attn_core\.mjs/);
  await page.close();
});

test('a browser whose WebAssembly lacks exceptions is told which browsers the figures need', async () => {
  const { page } = await suite.open('about:blank');
  // The page asks WebAssembly.validate whether a module with an exception tag is valid. (The stub
  // does not reach Figure 2's workers, which may still compute its map.)
  await page.addInitScript(() => { WebAssembly.validate = () => false; });
  await page.goto(new URL('index.html', suite.url).href);
  await assertEverySlotExplains(page, /不支持异常处理.*Chrome 95、Firefox 100、Safari 15\.2/, { figure2Silent: false });
  await page.close();
});

test('when the figures\' own code cannot load, every slot says so and the text stays', async () => {
  const { page, errors } = await suite.open('about:blank');
  await page.route('**/chapter-figures-*.js', (route) => route.abort('blockedbyclient'));
  await page.goto(new URL('index.html', suite.url).href);
  await waitForFigure(page, 'funnel', { state: 'error' });
  const slots = await page.locator('[data-figure]').evaluateAll((nodes) =>
    nodes.map((n) => ({ id: n.dataset.figure, state: n.dataset.state, text: n.querySelector('.figure-mount').textContent })));
  assert.ok(slots.length > 1);
  for (const slot of slots) {
    assert.equal(slot.state, 'error', slot.id);
    assert.match(slot.text, /这些互动图的脚本没能载入.*正文不受影响/, slot.id);
  }
  assert.equal(await page.locator('.chapter p').first().isVisible(), true);
  for (const error of errors) assert.match(error, /chapter-figures|ERR_BLOCKED_BY_CLIENT/, 'nothing fails but the blocked module');
  await page.close();
});
