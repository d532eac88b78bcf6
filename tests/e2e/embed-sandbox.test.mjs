// What a course author's frame allows decides what the figure offers. In an opaque-origin frame
// (sandbox="allow-scripts") figure2 cannot start its training workers: it offers no retrain
// button, says in Chinese what the host must allow, and keeps the build's curves; with
// allow-same-origin the button is there and training starts. Exports in a frame without
// allow-downloads cannot download: the figure says what the host must allow.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, useBrowserSuite } from './harness.mjs';
import { openHost, startHost } from './host-page.mjs';

const suite = useBrowserSuite();
let host;
before(async () => { host = await startHost(); });
after(() => host?.close());

const openFigure2 = async (sandbox, options = {}) => {
  const opened = await openHost(suite, host, suite.url, 'embed.html?fig=figure2', { sandbox, resize: true, ...options });
  const frame = await opened.frame();
  await frame.waitForSelector('.figure2-status[data-loaded="build"]', { timeout: 20000 });
  return { ...opened, frame };
};

for (const width of [1280, 360]) {
  test(`figure2 in an opaque-origin frame at ${width} px: no retrain button, a Chinese reason, the build's curves`, async () => {
    const { page, errors, frame } = await openFigure2('allow-scripts', { width, frameWidth: width - 16 });
    assert.equal(await frame.evaluate(() => window.origin), 'null');
    assert.equal(await frame.locator('button.figure2-start').count(), 0, 'no button that can only fail');
    const status = await frame.locator('.figure2-train-status').textContent();
    assert.match(status, /^在这里不能重新训练/);
    assert.match(status, /allow-same-origin/);
    assert.doesNotMatch(status, /SecurityError|Failed to construct/);
    assert.equal(await frame.locator('g.series.is-build').count(), 2, 'the build\'s two curves');
    await frame.locator('.figure2-train').scrollIntoViewIfNeeded();
    await screenshot(page, `embed-figure2-opaque-${width}`, { locator: page.locator('iframe') });
    assert.deepEqual(errors.filter((e) => !/figure2-worker|Worker/.test(e)), []);
    await page.close();
  });
}

test('figure2 framed with allow-same-origin: the retrain button is there and training starts', async () => {
  const { page, frame } = await openFigure2('allow-scripts allow-same-origin allow-downloads');
  assert.notEqual(await frame.evaluate(() => window.origin), 'null');
  await frame.click('button.figure2-start');
  await frame.waitForFunction(() => [...document.querySelectorAll('.figure2-progress progress')].some((b) => b.value > 0), null, { timeout: 60000 });
  assert.equal(await frame.locator('.figure2-train').getAttribute('data-state'), 'running');
  await frame.click('button.figure2-start'); // pause: the machine is shared
  await page.close();
});

test('exports in a frame without allow-downloads: nothing downloads, and the figure says what to allow', async () => {
  const { page, frame: framed } = await openHost(suite, host, suite.url, 'embed.html?fig=mix', { sandbox: 'allow-scripts' });
  const frame = await framed();
  await frame.waitForSelector('[data-figure="mix"][data-state="ready"]', { timeout: 20000 });
  let downloads = 0;
  page.on('download', () => { downloads += 1; });
  await frame.click('button[data-action="png"]');
  const status = frame.locator('.figure-toolbar-status');
  await status.waitFor();
  assert.match(await status.textContent(), /^已生成 mix\.png。若浏览器没有开始下载：.*iframe 的 sandbox 里加上 allow-downloads。$/);
  await page.waitForTimeout(1500);
  assert.equal(downloads, 0, 'the sandbox refused the download');
  await screenshot(page, 'embed-mix-no-downloads', { locator: page.locator('iframe') });
  await page.close();
});
