// A framed page tells its host its height, and tells it again whenever the height changes: the
// single-figure embed and the whole chapter alike, also while the frame is far below the fold,
// where Chromium throttles a cross-origin frame's rendering (no animation frames and no
// ResizeObserver callbacks until it is scrolled into view).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowserSuite, waitForLayout } from './harness.mjs';
import { openHost, startHost, waitForHeightOf } from './host-page.mjs';

const suite = useBrowserSuite();
let host;
before(async () => { host = await startHost(); });
after(() => host?.close());

const FAR_BELOW = 6000; // px of course text above the frame: several screens below the fold

// The frame's box as the host lays it out, and the host's viewport height.
const frameBox = (page) => page.evaluate(() => {
  const box = document.querySelector('iframe').getBoundingClientRect();
  return { top: box.top, height: box.height, viewport: innerHeight };
});

test('an embed far below the fold posts its height, and posts again when its content grows', async () => {
  const { page, errors, frame: framed } = await openHost(suite, host, suite.url, 'embed.html?fig=softmax', { spacer: FAR_BELOW, resize: true });
  const frame = await framed();
  await frame.waitForSelector('[data-figure="softmax"][data-state="ready"]', { timeout: 20000 });
  const first = await waitForHeightOf(page, frame);
  assert.ok(first > 300, `the figure's height ${first} px was posted`);
  assert.equal((await frameBox(page)).height, first, 'the host sized its frame');

  // Content grows while the frame is still out of sight (as when a figure's data arrives).
  const before = await frameBox(page);
  assert.ok(before.top > 3 * before.viewport, 'the frame is far below the fold');
  await frame.evaluate(() => {
    const note = document.createElement('p');
    note.textContent = '新加的一段';
    note.className = 'grown';
    note.style.height = '400px'; // through the CSSOM: allowed by the page's CSP
    document.getElementById('embed-root').append(note);
  });
  const grown = await waitForHeightOf(page, frame, 5000);
  assert.ok(grown >= first + 400, `${first} → ${grown} px`);
  assert.equal((await frameBox(page)).height, grown);
  assert.equal(await page.evaluate(() => scrollY), 0, 'nothing scrolled the frame into view');
  assert.deepEqual(errors, []);
  await page.close();
});

// Chromium does not even pass a new width to a cross-origin frame that is off-screen (its
// innerWidth stays the old one) until the frame nears the viewport: nothing inside can react
// earlier. The frame posts the height of its new layout as soon as it gets it.
test('an embed the host narrows below the fold posts its new height once it gets the new width', async () => {
  const { page, frame: framed } = await openHost(suite, host, suite.url, 'embed.html?fig=funnel#funnel.n=20', { spacer: FAR_BELOW, resize: true });
  const frame = await framed();
  await frame.waitForSelector('[data-figure="funnel"][data-state="ready"]', { timeout: 20000 });
  const wide = await waitForHeightOf(page, frame);
  await page.evaluate(() => { document.querySelector('iframe').width = '330'; });
  await page.waitForTimeout(500);
  await page.evaluate(() => document.querySelector('iframe').scrollIntoView());
  await frame.waitForFunction(() => innerWidth === 330);
  const narrow = await waitForHeightOf(page, frame, 5000);
  assert.ok(narrow > wide, `a narrower frame lays the figure out taller: ${wide} → ${narrow} px`);
  assert.equal((await frameBox(page)).height, narrow);
  await page.close();
});

test('the whole chapter, framed by a course page, posts its height and follows its changes', async () => {
  const { page, errors, frame: framed } = await openHost(suite, host, suite.url, 'index.html', { sandbox: 'allow-scripts', resize: true, frameWidth: 1000 });
  const frame = await framed();
  await frame.waitForSelector('[data-figure="funnel"][data-state="ready"]', { timeout: 20000 });
  // Until the chapter is laid out (section-layout.js), parts of it stand at estimated heights: the
  // height posted then is a guess, and the one after is the page's own.
  await waitForLayout(frame, 20000);
  const first = await waitForHeightOf(page, frame);
  assert.ok(first > 5000, `the chapter's height ${first} px`);
  assert.equal((await frameBox(page)).height, first, 'the host sized the frame to the whole chapter');
  assert.equal(await page.evaluate(() => window.heights.every((h) => h.fig === null)), true, 'the chapter is fig: null');
  // A section the reader opens far down the chapter makes it taller.
  const closed = frame.locator('details:not([open])').last();
  assert.ok(await closed.count(), 'the chapter has a folded section');
  await closed.evaluate((details) => { details.open = true; });
  const opened = await waitForHeightOf(page, frame, 5000);
  assert.ok(opened > first, `${first} → ${opened} px`);
  assert.deepEqual(errors, []);
  await page.close();
});
