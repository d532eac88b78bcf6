// embed.html inside <iframe sandbox="allow-scripts"> on a page from another origin: the figure
// runs (CORS for the module, wasm and fonts), takes its state from the hash and posts its height.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, useBrowserSuite } from './harness.mjs';

const suite = useBrowserSuite();
let host;

const HOST_SCRIPT = `
window.heights = [];
window.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'attn-embed-height') window.heights.push(event.data);
});
const frame = document.createElement('iframe');
frame.setAttribute('sandbox', 'allow-scripts');
frame.title = 'embedded figure';
frame.width = '760';
frame.height = '200';
frame.src = new URLSearchParams(location.search).get('src');
document.body.append(frame);
`;

before(async () => {
  host = await startServer({
    handler: (request, response) => {
      const path = new URL(request.url, 'http://x').pathname;
      if (path === '/host.js') {
        response.writeHead(200, { 'Content-Type': 'text/javascript' });
        return response.end(HOST_SCRIPT);
      }
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end('<!doctype html><html><body><h1>A course page</h1><script src="/host.js"></script></body></html>');
    },
  });
});
after(() => host?.close());

async function openHost(embedPath) {
  const src = new URL(embedPath, suite.url).href;
  const hostUrl = new URL(`/host.html?src=${encodeURIComponent(src)}`, host.url.replace('127.0.0.1', 'localhost')).href;
  const opened = await suite.open(hostUrl);
  assert.notEqual(new URL(hostUrl).origin, new URL(src).origin);
  return opened;
}

const embedFrame = (page) => page.frames().find((f) => f.parentFrame() && f.url().includes('embed.html'));

test('a sandboxed cross-origin embed draws its figure and reports its height', async () => {
  const { page, errors } = await openHost('embed.html?fig=funnel#funnel.n=8');
  await page.waitForFunction(() => window.heights.some((h) => h.fig === 'funnel' && h.height > 250), null, { timeout: 20000 });
  const frame = embedFrame(page);
  await frame.waitForSelector('[data-figure="funnel"][data-state="ready"]');
  assert.equal(await frame.locator('rect.bar').count(), 8);
  assert.equal(await frame.evaluate(() => window.origin), 'null', 'the frame has an opaque origin');

  const bodyHeight = await frame.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height));
  await page.waitForFunction((h) => window.heights.at(-1).height === h, bodyHeight);

  // A narrower frame reflows; the host hears the new height.
  const count = await page.evaluate(() => window.heights.length);
  await page.evaluate(() => { document.querySelector('iframe').width = '340'; });
  await page.waitForFunction((n) => window.heights.length > n, count);
  const narrowHeight = await frame.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height));
  await page.waitForFunction((h) => window.heights.at(-1).height === h, narrowHeight);

  // The reader moves the control inside the frame; the state write (history) must not fail.
  await frame.focus('#funnel-n');
  await page.keyboard.press('ArrowRight');
  assert.equal(await frame.locator('rect.bar').count(), 9);
  await page.waitForTimeout(500);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the embed of the length figure opens its state', async () => {
  const { page, errors } = await openHost('embed.html?fig=length#length.level=0');
  await page.waitForFunction(() => window.heights.some((h) => h.fig === 'length'), null, { timeout: 20000 });
  const frame = embedFrame(page);
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

test('复制嵌入代码 gives a sandboxed iframe with the current state', async () => {
  const { page } = await suite.open('index.html#funnel.n=11');
  await page.waitForSelector('[data-figure="funnel"][data-state="ready"]');
  await page.locator('[data-figure="funnel"] button[data-action="embed"]').click();
  const code = await page.locator('[data-figure="funnel"] .embed-code textarea').inputValue();
  assert.match(code, /<iframe src="http:\/\/127\.0\.0\.1:\d+\/embed\.html\?fig=funnel#funnel\.n=11&amp;funnel\.rho=1&amp;funnel\.seed=\d+"/);
  assert.match(code, /sandbox="allow-scripts"/);
  await page.close();
});
