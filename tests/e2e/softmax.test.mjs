// softmax: inside the <details> that starts closed. Opened after load it measures itself; the
// five numbers change by keyboard (the number boxes) and by pointer (dragging a bar), and the
// weights printed equal the core's, with the sum shown as the core's 1.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { coreFigure, hasHorizontalScroll, screenshot, useBrowserSuite, scrollIntoViewAndDraw } from './harness.mjs';

const suite = useBrowserSuite();
const FIG = '[data-figure="softmax"]';
const DEFAULTS = { x1: 2, x2: 1, x3: 0.5, x4: 0, x5: -1 };

// Drawn but hidden in the closed <details>: wait for the slot to be ready, not visible.
const waitForFigure = (page) => page.waitForSelector(`${FIG}[data-state="ready"]`, { state: 'attached', timeout: 15000 });
const weights = (page) => page.locator(`${FIG} .w-bars text.value`).allTextContents();

async function openAside(page) {
  await page.locator('#aside-softmax > summary').click();
  await page.waitForFunction((sel) => document.querySelector(`${sel} svg`)?.getBoundingClientRect().width > 0, FIG);
}

async function assertMatchesCore(page, params) {
  const { data } = await coreFigure(page, 'softmax', params);
  assert.deepEqual(await weights(page), data.weights.map((w) => w.toFixed(2)), `weights at ${JSON.stringify(params)}`);
  assert.deepEqual(await page.locator(`${FIG} .x-bars text.value`).allTextContents(), data.x.map((x) => x.toFixed(1)));
  assert.ok(Math.abs(data.sum - 1) < 1e-12, `core sum ${data.sum}`);
  assert.match(await page.locator(`${FIG} text.sum`).textContent(), /= 1$/);
  return data;
}

test('closed at load; opened later it draws at the slot width with the core numbers', async () => {
  const { page, errors } = await suite.open('index.html', { width: 360, height: 900 });
  await waitForFigure(page);
  assert.equal(await page.locator('#aside-softmax').evaluate((d) => d.open), false);
  await openAside(page);
  await assertMatchesCore(page, DEFAULTS);
  const svgWidth = await page.locator(`${FIG} .chart svg`).evaluate((svg) => svg.getBoundingClientRect().width);
  const mountWidth = await page.locator(`${FIG} .figure-mount`).evaluate((el) => el.clientWidth);
  assert.ok(Math.abs(svgWidth - mountWidth) <= 1, `svg ${svgWidth} px in a ${mountWidth} px slot`);
  assert.equal(await hasHorizontalScroll(page), false);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the keyboard edits the numbers (arrow keys and typing)', async () => {
  const { page, errors } = await suite.open('index.html');
  await waitForFigure(page);
  await openAside(page);
  await page.focus('#softmax-x1');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await assertMatchesCore(page, { ...DEFAULTS, x1: 2.2 });
  await page.focus('#softmax-x5');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('4.5');
  const data = await assertMatchesCore(page, { ...DEFAULTS, x1: 2.2, x5: 4.5 });
  assert.ok(data.weights[4] > data.weights[0], 'the largest number gets the largest weight');
  await page.waitForFunction(() => /softmax\.[^#]*x5=4\.5/.test(location.hash));
  // Out of range: the core's range holds (clamped to 5) and the box says so when left.
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('7');
  await page.keyboard.press('Tab');
  assert.equal(await page.locator('#softmax-x5').inputValue(), '5');
  await assertMatchesCore(page, { ...DEFAULTS, x1: 2.2, x5: 5 });
  assert.deepEqual(errors, []);
  await page.close();
});

test('the pointer drags a bar up and down', async () => {
  const { page, errors } = await suite.open('index.html');
  await waitForFigure(page);
  await openAside(page);
  const hit = page.locator(`${FIG} .x-bars g.column`).nth(3).locator('rect.hit');
  await scrollIntoViewAndDraw(hit);
  const box = await hit.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y - 40, { steps: 6 }); // beyond the top: clamped to 5
  await page.mouse.up();
  assert.equal(await page.locator('#softmax-x4').inputValue(), '5');
  await assertMatchesCore(page, { ...DEFAULTS, x4: 5 });
  await page.mouse.click(box.x + box.width / 2, box.y + box.height - 1); // near the bottom: about −5
  const x4 = Number(await page.locator('#softmax-x4').inputValue());
  assert.ok(x4 <= -4.5, `clicked near the bottom, got ${x4}`);
  await assertMatchesCore(page, { ...DEFAULTS, x4 });
  assert.deepEqual(errors, []);
  await page.close();
});

for (const colorScheme of ['light', 'dark']) {
  for (const width of [1280, 360]) {
    test(`screenshot at ${width} px, ${colorScheme}, opened: nothing widens the page`, async () => {
      const { page, errors } = await suite.open('index.html', { width, height: 2000, colorScheme });
      await waitForFigure(page);
      await openAside(page);
      await page.evaluate(() => document.fonts.ready);
      await page.evaluate(() => window.scrollTo(0, document.querySelector('#aside-softmax').getBoundingClientRect().top + window.scrollY - 70));
      assert.equal(await hasHorizontalScroll(page), false);
      await screenshot(page, `softmax-${width}-${colorScheme}`, { locator: page.locator('#aside-softmax') });
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
}
