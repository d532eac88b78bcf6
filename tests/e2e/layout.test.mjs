// Layout at a phone's 360 px and a desktop's 1280 px, light and dark: no horizontal scroll on
// the page (wide things scroll inside their own wrapper), a foldable table of contents on the
// phone, and screenshots for a person to look at (tests/e2e/screenshots/).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hasHorizontalScroll, screenshot, useBrowserSuite, waitForFigure } from './harness.mjs';

const suite = useBrowserSuite();

for (const colorScheme of ['light', 'dark']) {
  for (const width of [1280, 360]) {
    test(`page at ${width} px, ${colorScheme}: no horizontal scroll; screenshots`, async () => {
      const { page, errors } = await suite.open('index.html#funnel.n=50', { width, height: width === 360 ? 740 : 900, colorScheme });
      await waitForFigure(page, 'funnel');
      await waitForFigure(page, 'length');
      await page.evaluate(() => document.fonts.ready);
      assert.equal(await hasHorizontalScroll(page), false, 'the page scrolls sideways');
      await screenshot(page, `page-${width}-${colorScheme}`, { fullPage: false });
      for (const id of ['funnel', 'length']) {
        const figure = page.locator(`[data-figure="${id}"]`);
        await figure.scrollIntoViewIfNeeded();
        await screenshot(page, `${id}-${width}-${colorScheme}`, { locator: figure });
      }
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
}

test('at 360 px the table of contents folds into a bar that opens and closes', async () => {
  const { page } = await suite.open('index.html', { width: 360, height: 740 });
  const toggle = page.locator('.toc-toggle');
  assert.equal(await toggle.isVisible(), true);
  assert.equal(await page.locator('.toc-list').isVisible(), false);
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  assert.equal(await page.locator('.toc-list').isVisible(), true);
  await screenshot(page, 'toc-open-360', { fullPage: false });
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('.toc-list').isVisible(), false);
  await page.close();
});

test('the whole chapter at 360 px has no horizontal scroll anywhere down the page', async () => {
  const { page } = await suite.open('index.html', { width: 360, height: 740 });
  await waitForFigure(page, 'funnel');
  const wide = await page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    return [...document.querySelectorAll('.chapter *')]
      .filter((node) => node.getBoundingClientRect().right > limit + 1 && !node.closest('.table-scroll, .math-display, .chart-scroll, pre, .katex'))
      .slice(0, 5)
      .map((node) => `${node.tagName}.${node.className}`);
  });
  assert.deepEqual(wide, []);
  await screenshot(page, 'chapter-full-360', { fullPage: true });
  await page.close();
});
