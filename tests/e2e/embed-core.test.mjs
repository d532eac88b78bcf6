// What embed.html fetches of the core (embed-core.js): for a figure that computes through it,
// the core is asked for as soon as the page's first script has run, before the figure's code has
// arrived, and only once; for Figure 2, which computes nothing through it, or for no figure, not
// at all.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { holdBack, useBrowserSuite, waitForFigure } from './harness.mjs';

const suite = useBrowserSuite();

const CORE_FILE = /\/attn_core\.(wasm|mjs)$/;

// Every time the page asked for a core file, from the network or a cache.
function recordCoreRequests(page) {
  const asked = [];
  page.on('request', (request) => {
    if (CORE_FILE.test(new URL(request.url()).pathname)) asked.push({ file: new URL(request.url()).pathname.split('/').pop(), at: Date.now() });
  });
  return asked;
}

test('an embed of Figure 2 alone, or of no figure, fetches none of the core', async () => {
  for (const [address, settled] of [['embed.html?fig=figure2', '[data-figure="figure2"][data-state="ready"]'], ['embed.html', '.page-note']]) {
    const { page, errors } = await suite.open('about:blank', { width: 412, height: 823 });
    const asked = recordCoreRequests(page);
    await page.goto(new URL(address, suite.url).href);
    await page.waitForSelector(settled);
    await page.waitForTimeout(1000); // a figure's idle work, had it any, would have asked by now
    const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname)
      .filter((file) => /\/attn_core\.(wasm|mjs)$/.test(file)));
    assert.deepEqual(asked, [], `${address}: no request for the core`);
    assert.deepEqual(fetched, [], `${address}: no core file in the resource timeline`);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('an embed of a figure that needs the core asks for it before the figure\'s code has arrived, and once', async () => {
  const { page, errors } = await suite.open('about:blank', { width: 412, height: 823 });
  const asked = recordCoreRequests(page);
  // The figure's code (the chunks embed.js imports) held back a second.
  const codeDelivered = await holdBack(page, /\/js\/chunks\/chunk-\w+\.js$/);
  await page.goto(new URL('embed.html?fig=funnel', suite.url).href);
  await waitForFigure(page, 'funnel');
  const codeDeliveredAt = codeDelivered();
  const wasm = asked.filter(({ file }) => file === 'attn_core.wasm');
  assert.equal(wasm.length, 1, `attn_core.wasm asked for once: ${JSON.stringify(asked)}`);
  assert.ok(codeDeliveredAt !== null, 'the figure\'s code was held back');
  assert.ok(wasm[0].at < codeDeliveredAt, `the core was asked for ${wasm[0].at - codeDeliveredAt} ms after the figure's code had arrived`);
  assert.deepEqual(errors, []);
  await page.close();
});
