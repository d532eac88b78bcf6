// When the core cannot load (wasm missing, corrupt, or the module blocked), every figure slot
// says what failed and the chapter text stays readable.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowserSuite, waitForFigure } from './harness.mjs';

const suite = useBrowserSuite();

async function assertEverySlotExplains(page, pattern) {
  await waitForFigure(page, 'funnel', { state: 'error' });
  const slots = await page.locator('[data-figure]').evaluateAll((nodes) =>
    nodes.map((n) => ({ state: n.dataset.state, text: n.querySelector('.figure-mount').textContent })));
  assert.ok(slots.length > 1);
  for (const slot of slots) {
    assert.equal(slot.state, 'error');
    assert.match(slot.text, pattern);
  }
  assert.equal(await page.locator('.chapter p').first().isVisible(), true);
}

test('a missing wasm file is explained in every slot', async () => {
  const { page } = await suite.open('about:blank');
  await page.route('**/attn_core.wasm', (route) => route.fulfill({ status: 404, body: 'not found' }));
  await page.goto(new URL('index.html', suite.url).href);
  await assertEverySlotExplains(page, /attn_core\.wasm/);
  await page.close();
});

test('a corrupt wasm file is explained in every slot', async () => {
  const { page } = await suite.open('about:blank');
  await page.route('**/attn_core.wasm', (route) =>
    route.fulfill({ status: 200, contentType: 'application/wasm', body: Buffer.from('not a wasm module at all') }));
  await page.goto(new URL('index.html', suite.url).href);
  await assertEverySlotExplains(page, /attn_core\.wasm/);
  await page.close();
});

test('a blocked core script is explained in every slot', async () => {
  const { page } = await suite.open('about:blank');
  await page.route('**/attn_core.mjs', (route) => route.abort('blockedbyclient'));
  await page.goto(new URL('index.html', suite.url).href);
  await assertEverySlotExplains(page, /attn_core\.mjs/);
  await page.close();
});
