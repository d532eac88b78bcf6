// The page and the embed under the strict Content Security Policy a course site may set:
// no inline script or style, no eval. WebAssembly compilation needs 'wasm-unsafe-eval'; the PNG
// export draws a blob: image.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, openPage, startServer, waitForFigure } from './harness.mjs';
import { before, after } from 'node:test';

export const STRICT_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
].join('; ');

let server;
let browser;
before(async () => {
  server = await startServer({ headers: { 'Content-Security-Policy': STRICT_CSP } });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

for (const path of ['index.html', 'embed.html?fig=funnel#funnel.n=7']) {
  test(`${path} runs under a strict CSP with no violation`, async () => {
    const { page, errors } = await openPage(browser.context, new URL(path, server.url).href);
    const violations = [];
    await page.exposeFunction('reportViolation', (text) => violations.push(text));
    await page.evaluate(() => document.addEventListener('securitypolicyviolation', (e) => window.reportViolation(`${e.violatedDirective} ${e.blockedURI}`)));
    await waitForFigure(page, 'funnel');
    // Exercise the paths that touch styles: move a control, export an SVG.
    await page.focus('#funnel-n');
    await page.keyboard.press('ArrowRight');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('[data-figure="funnel"] button[data-action="png"]').click(),
    ]);
    assert.ok(await download.path());
    assert.deepEqual(violations, []);
    assert.deepEqual(errors, []);
    await page.close();
  });
}
