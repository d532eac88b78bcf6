// A host that serves the chapter without `Access-Control-Allow-Origin` gets no module script in
// a sandboxed frame (an opaque origin fetches every module with CORS). The frame is not left
// blank: a classic script, which needs no CORS, names the cause in Chinese. Also when a file is
// missing, and for the whole chapter (its text stays; each figure slot says why). Opened from a
// folder (file://), no browser runs the module or the core: the page says how to serve it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createStaticServer } from '../../web/serve.mjs';
import { DIST, screenshot, startServer, useBrowserSuite } from './harness.mjs';
import { openHost, startHost, waitForHeightOf } from './host-page.mjs';

const suite = useBrowserSuite();
let host;
let withoutCors;
let missingScript;
before(async () => {
  host = await startHost();
  withoutCors = await startServer({ cors: false });
  // Every file as usual, except the embed's entry script.
  const files = createStaticServer(DIST);
  missingScript = await startServer({
    handler: (request, response) => {
      if (new URL(request.url, 'http://x').pathname === '/js/embed.js') {
        response.writeHead(404, { 'Content-Type': 'text/plain', 'Access-Control-Allow-Origin': '*' });
        return response.end('not found');
      }
      return files.emit('request', request, response);
    },
  });
});
after(async () => {
  await host?.close();
  await withoutCors?.close();
  await missingScript?.close();
});

const filesOrigin = (server) => new URL(server.url).origin;

for (const width of [1280, 360]) {
  test(`an embed served without Access-Control-Allow-Origin says so in Chinese (${width} px)`, async () => {
    const { page, frame: framed } = await openHost(suite, host, withoutCors.url, 'embed.html?fig=funnel', { width, frameWidth: width - 16, resize: true });
    const frame = await framed();
    const note = frame.locator('#embed-root .page-note[role="alert"]');
    await note.waitFor({ timeout: 10000 });
    const text = await note.textContent();
    assert.match(text, /^这张互动图没能运行：提供这些文件的服务器（.+）没有发送 Access-Control-Allow-Origin 头。/);
    assert.ok(text.includes(filesOrigin(withoutCors)), text);
    assert.match(text, /Access-Control-Allow-Origin: \*/);
    // The host hears the frame's height from the classic script too, so the note is not cut off.
    await waitForHeightOf(page, frame);
    const box = await note.boundingBox();
    const frameBox = await page.locator('iframe').boundingBox();
    assert.ok(box.y + box.height <= frameBox.y + frameBox.height, 'the whole note is inside the frame');
    await screenshot(page, `embed-no-cors-${width}`, { locator: page.locator('iframe') });
    await page.close();
  });
}

test('the whole chapter served without the header: the text is there, every figure slot says why', async () => {
  const { page, frame: framed } = await openHost(suite, host, withoutCors.url, 'index.html', { frameWidth: 1000 });
  const frame = await framed();
  await frame.waitForSelector('[data-figure="funnel"] .figure-status.is-error', { timeout: 10000 });
  const slots = await frame.locator('[data-figure]').evaluateAll((all) => all.map((s) => s.querySelector('.figure-mount')?.textContent ?? ''));
  assert.ok(slots.length > 10);
  for (const text of slots) assert.match(text, /^互动图没能运行：提供这些文件的服务器.*Access-Control-Allow-Origin.*正文不受影响。$/);
  assert.ok((await frame.locator('#chapter').textContent()).length > 5000, 'the chapter text is there');
  await page.close();
});

test('the chapter opened from its folder (file://): the text is there, every slot says to serve the folder', async () => {
  const page = await suite.browser.context.newPage();
  await page.goto(pathToFileURL(path.join(DIST, 'index.html')).href);
  await page.waitForSelector('[data-figure="funnel"] .figure-status.is-error', { timeout: 10000 });
  const slots = await page.locator('[data-figure]').evaluateAll((all) => all.map((s) => s.querySelector('.figure-mount')?.textContent ?? ''));
  assert.ok(slots.length > 10);
  for (const text of slots) assert.match(text, /^互动图没能运行：这个页面是直接从文件打开的（file:\/\/）.*python3 -m http\.server 8000.*正文不受影响。$/);
  assert.ok((await page.locator('#chapter').textContent()).length > 5000, 'the chapter text is there');
  await page.close();
});

test('a missing entry script is named, with its HTTP status', async () => {
  const { page, frame: framed } = await openHost(suite, host, missingScript.url, 'embed.html?fig=funnel');
  const frame = await framed();
  const note = frame.locator('#embed-root .page-note');
  await note.waitFor({ timeout: 10000 });
  assert.equal(await note.textContent(), '这张互动图没能运行：脚本文件 /js/embed.js 不在服务器上（HTTP 404）。');
  await page.close();
});

test('served correctly, the fallback stays silent', async () => {
  const { page, errors, frame: framed } = await openHost(suite, host, suite.url, 'embed.html?fig=funnel');
  const frame = await framed();
  await frame.waitForSelector('[data-figure="funnel"][data-state="ready"]', { timeout: 20000 });
  assert.equal(await frame.locator('.page-note').count(), 0);
  assert.equal(await frame.evaluate(() => document.documentElement.dataset.script), 'running');
  assert.deepEqual(errors, []);
  await page.close();
});
