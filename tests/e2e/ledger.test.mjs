// ledger: at h = 512 the page says 524,800 / 262,144 / 0 with the core's 「≈ 52 万」「≈ 26 万」;
// the h slider (keyboard and pointer) changes the three counts to the core's, and the bars share
// one scale. Screenshots at 1280/360 px, light and dark.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { coreFigure, overflowingElements, screenshot, useBrowserSuite, waitForFigure, assertDrawingFitsSlot, scrollIntoViewAndDraw } from './harness.mjs';

const suite = useBrowserSuite();
const FIG = '[data-figure="ledger"]';

const ROWS = ['additive', 'general', 'dot'];

const hidden = (page) => page.locator('#ledger-hidden').evaluate((input) => input.valueAsNumber);
const readout = (page, key) => page.locator(`${FIG} text.value[data-key="${key}"]`).textContent();
const count = (text) => Number(text.split('（')[0].replace(/,/g, '')); // 「524,800（≈ 52 万）」 → 524800
const barWidth = (page, key) => page.locator(`${FIG} .ledger-row.is-${key} rect.bar`).evaluate((r) => r.width.baseVal.value);

async function assertReadoutsMatchCore(page) {
  const h = await hidden(page);
  const { data } = await coreFigure(page, 'ledger', { hidden: h });
  for (const key of ROWS) {
    const text = await readout(page, key);
    assert.equal(count(text), data[key].total, `${key} at h = ${h}: ${text}`);
    if (data[key].zh !== String(data[key].total)) assert.ok(text.includes(data[key].zh), `${key}: ${text} lacks ${data[key].zh}`);
  }
  // One scale for the three bars: widths in the ratio of the counts.
  const additive = await barWidth(page, 'additive');
  const general = await barWidth(page, 'general');
  if (additive > 20) assert.ok(Math.abs(general / additive - data.general.total / data.additive.total) < 0.01); // tiny bars get a 1.5 px floor
  assert.equal(await barWidth(page, 'dot'), 0);
  assert.match(await page.locator(`${FIG} .figure-description`).textContent(), new RegExp(`^h = ${h}：`));
  return data;
}

test('at h = 512 the readouts say 524,800 / 262,144 / 0 (≈ 52 万 / ≈ 26 万)', async () => {
  const { page, errors } = await suite.open('index.html');
  await waitForFigure(page, 'ledger');
  assert.equal(await hidden(page), 512);
  assert.equal(await readout(page, 'additive'), '524,800（≈ 52 万）');
  assert.equal(await readout(page, 'general'), '262,144（≈ 26 万）');
  assert.equal(await readout(page, 'dot'), '0');
  await assertReadoutsMatchCore(page);
  assert.match(await page.locator(`${FIG} .ledger-row.is-additive text.blocks`).textContent(), /W₁ 512×512 \+ W₂ 512×512 \+ v 512/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the keyboard moves h and the counts follow the core; the bars grow on a fixed scale', async () => {
  const { page, errors } = await suite.open('index.html');
  await waitForFigure(page, 'ledger');
  const before = await barWidth(page, 'additive');
  await page.focus('#ledger-hidden');
  await page.keyboard.press('ArrowRight');
  assert.equal(await hidden(page), 513);
  await assertReadoutsMatchCore(page);
  await page.keyboard.press('End');
  assert.equal(await hidden(page), 1024);
  const data = await assertReadoutsMatchCore(page);
  assert.equal(data.additive.total, 2 * 1024 * 1024 + 1024);
  assert.ok(await barWidth(page, 'additive') > 3.5 * before, 'the bar grows with h² on a fixed scale');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the pointer moves h (click on the track, then drag to the start)', async () => {
  const { page, errors } = await suite.open('index.html');
  await waitForFigure(page, 'ledger');
  const slider = page.locator('#ledger-hidden');
  await scrollIntoViewAndDraw(slider);
  const box = await slider.boundingBox();
  await page.mouse.click(box.x + box.width * 0.25, box.y + box.height / 2);
  const h = await hidden(page);
  assert.ok(h > 150 && h < 380, `clicked a quarter along, got h = ${h}`);
  await assertReadoutsMatchCore(page);
  await page.mouse.move(box.x + box.width * 0.25, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 2, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  assert.equal(await hidden(page), 1);
  assert.equal((await assertReadoutsMatchCore(page)).additive.total, 3);
  assert.deepEqual(errors, []);
  await page.close();
});

for (const colorScheme of ['light', 'dark']) {
  for (const width of [1280, 360]) {
    test(`screenshot at ${width} px, ${colorScheme}, h = 1024: nothing widens the page`, async () => {
      const { page, errors } = await suite.openAtFigure('index.html#ledger.hidden=1024', 'ledger', { width, height: 1400, colorScheme });
      assert.deepEqual(await overflowingElements(page, FIG), [], 'something in the figure reaches past its box');
      await assertDrawingFitsSlot(page, FIG);
      await screenshot(page, `ledger-${width}-${colorScheme}`, { locator: page.locator(FIG) });
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
}
