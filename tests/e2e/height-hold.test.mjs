// While the reader works a figure, a move that makes its drawing shorter leaves the text below
// in place (web/js/lib/height-hold.js): the cost figure's grid loses rows as m goes down, and
// what follows the figure (the next section) must not move. Once the reader has left the
// figure, and when the page is resized, the figure takes its own height again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowserSuite, waitForFigure } from './harness.mjs';

const suite = useBrowserSuite();
const FIG = '[data-figure="cost"]';

// The top of what follows the figure in the chapter (it ends its section: the next section),
// in document coordinates, once the next frame is drawn.
const belowTop = (page) => page.evaluate((fig) => new Promise((resolve, reject) => requestAnimationFrame(() => setTimeout(() => {
  let next = null;
  for (let el = document.querySelector(fig); el && !next; el = el.parentElement) next = el.nextElementSibling;
  if (next) resolve(next.getBoundingClientRect().top + window.scrollY);
  else reject(new Error('nothing follows the figure'));
}, 0))), FIG);
const figureHeight = (page) => page.locator(FIG).evaluate((slot) => slot.getBoundingClientRect().height);

test('a move that shortens the drawing leaves the text below the figure in place', async () => {
  const { page, errors } = await suite.open('index.html#fig-cost');
  await waitForFigure(page, 'cost');
  await page.focus('#cost-m');
  await page.keyboard.press('End'); // 50 rows: the grid at its tallest
  const tall = await belowTop(page);
  for (const key of ['Home', 'ArrowRight', 'ArrowRight']) {
    await page.keyboard.press(key); // 1, 2, 3 rows
    assert.equal(await belowTop(page), tall, `after ${key}`);
  }
  assert.equal(await page.locator(`${FIG} rect.step-row`).count(), 3);
  assert.deepEqual(errors, []);
  await page.close();
});

test('once the reader has left the figure, it takes its own height again', async () => {
  const { page, errors } = await suite.open('index.html#fig-cost');
  await waitForFigure(page, 'cost');
  const natural = await figureHeight(page); // m = 5, as drawn at first
  await page.focus('#cost-m');
  await page.keyboard.press('End');
  await belowTop(page); // a frame with the grid at its tallest: what the reader saw, and is held
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight'); // back at m = 5
  const held = await figureHeight(page);
  assert.ok(held > natural + 100, `held ${held} against ${natural}`);
  await page.mouse.move(1, 1);
  await page.locator('#cost-m').evaluate((input) => input.blur());
  await belowTop(page);
  assert.equal(await figureHeight(page), natural);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a new width lets the figure take its own height at that width', async () => {
  const fresh = await suite.open('index.html#cost.m=2', { width: 360, height: 800 });
  await waitForFigure(fresh.page, 'cost');
  const natural = await figureHeight(fresh.page);
  await fresh.page.close();

  const { page, errors } = await suite.open('index.html#fig-cost');
  await waitForFigure(page, 'cost');
  await page.focus('#cost-m');
  await page.keyboard.press('End');
  await belowTop(page); // a frame with the grid at its tallest: what the reader saw, and is held
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight'); // m = 2, still held at the height of m = 50
  await page.setViewportSize({ width: 360, height: 800 });
  await page.waitForFunction(([fig, height]) => Math.abs(document.querySelector(fig).getBoundingClientRect().height - height) < 1,
    [FIG, natural], { timeout: 5000 });
  assert.deepEqual(errors, []);
  await page.close();
});
