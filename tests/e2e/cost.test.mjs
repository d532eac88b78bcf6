// cost: the m and n sliders (keyboard and pointer) change the counts — m reads of c against
// m × n comparisons — and the grid (one row per generated word); the training note shows the
// [m, n] product and the two multiply-add counts the core returns. Screenshots, light and dark.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { coreFigure, overflowingElements, screenshot, useBrowserSuite, waitForFigure, assertDrawingFitsSlot, scrollIntoViewAndDraw } from './harness.mjs';

const suite = useBrowserSuite();
const FIG = '[data-figure="cost"]';


const value = (page, name) => page.locator(`#cost-${name}`).evaluate((input) => input.valueAsNumber);
const digits = (text) => Number(text.replace(/,/g, ''));
const text = async (locator) => (await locator.textContent()).replace(/\u00a0/g, ' '); // no-break spaces as spaces
const grouped = (x) => x.toLocaleString('en-US');

async function assertDrawingMatchesCore(page) {
  const params = { m: await value(page, 'm'), n: await value(page, 'n') };
  const { data } = await coreFigure(page, 'cost', params);
  assert.equal(digits(await page.locator(`${FIG} .cost-count.is-fixed .count-value`).textContent()), data.fixed_vector_reads);
  assert.equal(digits(await page.locator(`${FIG} .cost-count.is-attention .count-value`).textContent()), data.comparisons);
  assert.equal(data.fixed_vector_reads, params.m);
  assert.equal(data.comparisons, params.m * params.n);
  // One row of cells per decoding step, cut into n cells; one 「读 c」 per step.
  assert.equal(await page.locator(`${FIG} rect.step-row`).count(), data.grid.rows);
  assert.equal(await page.locator(`${FIG} .dividers line`).count(), data.grid.cols + 1);
  assert.equal(await page.locator(`${FIG} rect.read-c`).count(), data.fixed_vector_reads);
  const training = await text(page.locator(`${FIG} .cost-note.is-training`));
  const t = data.training;
  assert.ok(training.includes(`[${t.left.join(', ')}] × [${t.right.join(', ')}] → [${t.shape.join(', ')}]`), training);
  assert.ok(training.includes(`乘加 ${grouped(t.multiply_adds)} 次`), training);
  const inference = await text(page.locator(`${FIG} .cost-note.is-inference`));
  assert.ok(inference.includes(`${data.inference.calls} 次 [${data.inference.each.left.join(', ')}]`), inference);
  assert.ok(inference.includes(`乘加合计 ${grouped(data.inference.multiply_adds)} 次`), inference);
  return data;
}

test('the keyboard moves m and n; counts, grid and the matrix-product note follow the core', async () => {
  const { page, errors } = await suite.open('index.html');
  await waitForFigure(page, 'cost');
  await assertDrawingMatchesCore(page);
  await page.focus('#cost-m');
  await page.keyboard.press('ArrowRight');
  assert.equal(await value(page, 'm'), 6);
  assert.equal((await assertDrawingMatchesCore(page)).comparisons, 30);
  await page.keyboard.press('End');
  await page.focus('#cost-n');
  await page.keyboard.press('End');
  const big = await assertDrawingMatchesCore(page);
  assert.equal(big.comparisons, 2500);
  assert.match(await text(page.locator(`${FIG} .cost-count.is-attention`)), /2,500 次（m × n = 50 × 50）/);
  assert.match(await page.locator(`${FIG} .figure-description`).textContent(), /m = 50，n = 50/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the pointer moves n (click on the track, then drag to the start)', async () => {
  const { page, errors } = await suite.open('index.html');
  await waitForFigure(page, 'cost');
  const slider = page.locator('#cost-n');
  await scrollIntoViewAndDraw(slider);
  const box = await slider.boundingBox();
  await page.mouse.click(box.x + box.width * 0.5, box.y + box.height / 2);
  const middle = await value(page, 'n');
  assert.ok(middle > 15 && middle < 35, `clicked the middle, got n = ${middle}`);
  await assertDrawingMatchesCore(page);
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 2, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  assert.equal(await value(page, 'n'), 1);
  assert.equal((await assertDrawingMatchesCore(page)).comparisons, 5);
  assert.deepEqual(errors, []);
  await page.close();
});

for (const colorScheme of ['light', 'dark']) {
  for (const width of [1280, 360]) {
    test(`screenshot at ${width} px, ${colorScheme}, 12 × 50: nothing widens the page`, async () => {
      const { page, errors } = await suite.openAtFigure('index.html#cost.m=12&cost.n=50', 'cost', { width, height: 1600, colorScheme });
      assert.deepEqual(await overflowingElements(page, FIG), [], 'something in the figure reaches past its box');
      await assertDrawingFitsSlot(page, FIG);
      await screenshot(page, `cost-${width}-${colorScheme}`, { locator: page.locator(FIG) });
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
}
