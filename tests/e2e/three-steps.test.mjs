// three-steps: the 「除以 √d 的 d」 slider (keyboard and pointer) and the target word change the
// three rows of readouts, which equal the core's numbers to 2 decimals; the text's claims hold on
// the page: the largest e reads 0.16 at d = 64 and 1.31 at d = 1, and α sharpens as d shrinks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { coreFigure, hasHorizontalScroll, screenshot, useBrowserSuite, waitForFigure, assertSvgFitsSlot, scrollIntoViewAndDraw } from './harness.mjs';

const suite = useBrowserSuite();
const FIG = '[data-figure="three-steps"]';

const readouts = (page, panel) => page.locator(`${FIG} .${panel} text.value`).allTextContents();
const sliderValue = (page) => page.locator('#three-steps-d').evaluate((input) => input.valueAsNumber);
const largest = (texts) => Math.max(...texts.map(Number));

async function assertReadoutsMatchCore(page, params) {
  const { data } = await coreFigure(page, 'three-steps', params);
  for (const [panel, values] of [['is-scores', data.e], ['is-weights', data.alpha], ['is-mix', data.c]]) {
    assert.deepEqual(await readouts(page, panel), values.map((v) => v.toFixed(2)), `${panel} at ${JSON.stringify(params)}`);
  }
  assert.match(await page.locator(`${FIG} .figure-description`).textContent(), new RegExp(`^d = ${params.d}（`));
  return data;
}

test('the keyboard moves d: largest e 0.16 at d = 64, 1.31 at d = 1, α sharper as d shrinks', async () => {
  const { page, errors } = await suite.open('index.html');
  await waitForFigure(page, 'three-steps');
  await assertReadoutsMatchCore(page, { d: 8, target: 3 });
  const alphaAt8 = largest(await readouts(page, 'is-weights'));
  // The default: 「猫」 0.28 against 0.18 for each of the others, said as it is.
  assert.equal(await page.locator(`${FIG} .is-mix .panel-foot`).textContent(), 'c 混合了全部 5 个词，「猫」占得最多（α = 0.28）');
  await page.focus('#three-steps-d');
  await page.keyboard.press('ArrowRight');
  assert.equal(await sliderValue(page), 9);
  await assertReadoutsMatchCore(page, { d: 9, target: 3 });
  await page.keyboard.press('End');
  assert.equal(await sliderValue(page), 64);
  await assertReadoutsMatchCore(page, { d: 64, target: 3 });
  assert.equal(largest(await readouts(page, 'is-scores')).toFixed(2), '0.16');
  const alphaAt64 = largest(await readouts(page, 'is-weights'));
  await page.keyboard.press('Home');
  assert.equal(await sliderValue(page), 1);
  await assertReadoutsMatchCore(page, { d: 1, target: 3 });
  assert.equal(largest(await readouts(page, 'is-scores')).toFixed(2), '1.31');
  const alphaAt1 = largest(await readouts(page, 'is-weights'));
  assert.ok(alphaAt1 > alphaAt8 && alphaAt8 > alphaAt64, `max α: d=1 ${alphaAt1}, d=8 ${alphaAt8}, d=64 ${alphaAt64}`);
  // 「猫」 leads but never has half the weight: the foot must not say c comes mainly from it.
  const foot = await page.locator(`${FIG} .is-mix .panel-foot`).textContent();
  assert.match(foot, new RegExp(`「猫」占得最多（α = ${alphaAt1.toFixed(2)}）`));
  assert.ok(alphaAt1 < 0.5);
  assert.doesNotMatch(foot, /主要来自/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the pointer moves d (click, then drag) and picks the target word', async () => {
  const { page, errors } = await suite.open('index.html');
  await waitForFigure(page, 'three-steps');
  const slider = page.locator('#three-steps-d');
  await scrollIntoViewAndDraw(slider);
  const box = await slider.boundingBox();
  await page.mouse.click(box.x + 3, box.y + box.height / 2);
  assert.equal(await sliderValue(page), 1);
  await assertReadoutsMatchCore(page, { d: 1, target: 3 });
  await page.mouse.move(box.x + 3, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2, { steps: 6 });
  await page.mouse.up();
  assert.equal(await sliderValue(page), 64);
  await assertReadoutsMatchCore(page, { d: 64, target: 3 });
  await page.locator(`${FIG} .control-choice label`, { hasText: 'yesterday' }).click();
  const data = await assertReadoutsMatchCore(page, { d: 64, target: 4 });
  assert.equal(data.target, 'yesterday');
  assert.match(await page.locator(`${FIG} .is-mix .panel-foot`).textContent(), /c 混合了全部 5 个词，「昨天」占得最多/);
  assert.deepEqual(errors, []);
  await page.close();
});

for (const colorScheme of ['light', 'dark']) {
  for (const width of [1280, 360]) {
    test(`screenshot at ${width} px, ${colorScheme}: nothing widens the page`, async () => {
      const { page, errors } = await suite.openAtFigure('index.html#three-steps.d=1', 'three-steps', { width, height: 2000, colorScheme });
      assert.equal(await hasHorizontalScroll(page), false);
      await assertSvgFitsSlot(page, FIG);
      await screenshot(page, `three-steps-${width}-${colorScheme}`, { locator: page.locator(FIG) });
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
}
