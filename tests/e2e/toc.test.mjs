// On a 360 × 740 phone nothing pinned to the top of the screen takes more than 15 % of it: with
// JavaScript the contents fold into a one-line bar; without JavaScript the open list stays at the
// top of the page and scrolls away with it, instead of covering half the screen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, useBrowserSuite, waitForFiguresSettled } from './harness.mjs';

const PHONE = { width: 360, height: 740 };
const MOST = 0.15 * PHONE.height;

// Every element that stays in place while the page scrolls (fixed or stuck), with how much of
// the viewport it covers, read after scrolling into the middle of the chapter.
async function pinned(page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
  return page.evaluate(() => [...document.querySelectorAll('body *')]
    .filter((el) => ['fixed', 'sticky'].includes(getComputedStyle(el).position))
    .map((el) => {
      const box = el.getBoundingClientRect();
      const covered = Math.max(0, Math.min(box.bottom, innerHeight) - Math.max(box.top, 0));
      return { what: `${el.tagName.toLowerCase()}.${el.className}`, covered: Math.round(covered) };
    })
    .filter((p) => p.covered > 0));
}

for (const javaScriptEnabled of [false, true]) {
  const suite = useBrowserSuite({ contextOptions: { javaScriptEnabled } });
  test(`360 px phone, JavaScript ${javaScriptEnabled ? 'on' : 'off'}: nothing pinned at the top covers more than 15 % of the screen`, async () => {
    const { page } = await suite.open('index.html', PHONE);
    assert.equal(await page.locator('.toc-list').isVisible(), !javaScriptEnabled, 'the list is open only without JavaScript');
    await screenshot(page, `toc-360-js-${javaScriptEnabled ? 'on' : 'off'}-top`, { fullPage: false });
    const stuck = await pinned(page);
    for (const p of stuck) assert.ok(p.covered <= MOST, `${p.what} covers ${p.covered} of ${PHONE.height} px`);
    if (javaScriptEnabled) assert.equal(stuck.length, 1, 'the folded bar stays in reach');
    await screenshot(page, `toc-360-js-${javaScriptEnabled ? 'on' : 'off'}-middle`, { fullPage: false });
    await page.close();
  });

  // A link to a figure (a course page's, or a reader's) opens with the figure's title below the
  // folded bar, and keeps it there while the figures and sections above take their heights.
  if (javaScriptEnabled) {
    test('360 px phone: a link to a figure leaves its title below the contents bar', async () => {
      for (const id of ['funnel', 'scorers', 'cost']) {
        const { page, errors } = await suite.open(`index.html#fig-${id}`, PHONE);
        await waitForFiguresSettled(page);
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        const { bar, top } = await page.evaluate((figure) => ({
          bar: document.querySelector('.toc').getBoundingClientRect().bottom,
          top: document.querySelector(`#fig-${figure} .figure-title`).getBoundingClientRect().top,
        }), id);
        assert.ok(top >= bar && top < bar + 60, `#fig-${id}: its title's top at ${top.toFixed(0)} px, the bar's bottom at ${bar.toFixed(0)} px`);
        assert.deepEqual(errors, []);
        await page.close();
      }
    });
  }
}
