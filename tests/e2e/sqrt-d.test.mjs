// sqrt-d: the d slider (keyboard and pointer) and the 「换一组随机数」 button change the readouts,
// which equal the core's numbers; at d = 512 the chapter's claim is on the page: raw mean
// entropy near 0, scaled above 1. Screenshots at 1280/360 px, light and dark.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { coreFigure, overflowingElements, screenshot, useBrowserSuite, waitForFigure, scrollIntoViewAndDraw } from './harness.mjs';

const suite = useBrowserSuite();
const FIG = '[data-figure="sqrt-d"]';


const readout = (page, key) => page.locator(`${FIG} text.value[data-key="${key}"]`).textContent();
const sliderValue = (page) => page.locator('#sqrt-d-d').evaluate((input) => input.valueAsNumber);

// A printed number equals the core's value to the precision it is printed with.
function assertPrinted(text, value, what) {
  const decimals = (text.split('.')[1] ?? '').length;
  assert.ok(Math.abs(Number(text) - value) <= 0.5 * 10 ** -decimals + 1e-12, `${what}: page ${text}, core ${value}`);
}

async function assertReadoutsMatchCore(page, params) {
  const { data } = await coreFigure(page, 'sqrt-d', params);
  assert.equal(data.d, params.d);
  for (const key of ['raw', 'scaled']) {
    assertPrinted(await readout(page, `${key}-entropy`), data[key].entropy_mean, `${key} entropy`);
    assertPrinted(await readout(page, `${key}-range`), data[key].range_mean, `${key} range`);
  }
  const alphas = await page.locator(`${FIG} .alpha-row.is-scaled text.alpha-value`).allTextContents();
  assert.equal(alphas.length, 5);
  alphas.forEach((text, i) => assertPrinted(text, data.typical.scaled.alpha[i], `scaled α ${i}`));
  return data;
}

test('the keyboard moves d; at d = 512 raw entropy < 0.2 and scaled > 1, as the core says', async () => {
  const { page, errors } = await suite.open('index.html');
  await waitForFigure(page, 'sqrt-d');
  await assertReadoutsMatchCore(page, { d: 8, seed: 1 });
  await page.focus('#sqrt-d-d');
  await page.keyboard.press('ArrowRight');
  assert.equal(await sliderValue(page), 9);
  await assertReadoutsMatchCore(page, { d: 9, seed: 1 });
  await page.keyboard.press('End');
  assert.equal(await sliderValue(page), 512);
  const data = await assertReadoutsMatchCore(page, { d: 512, seed: 1 });
  assert.ok(Number(await readout(page, 'raw-entropy')) < 0.2);
  assert.ok(Number(await readout(page, 'scaled-entropy')) > 1);
  assert.ok(data.raw.range_mean > 10 * data.scaled.range_mean, 'the raw range grows with d');
  assert.match(await page.locator(`${FIG} .bound text`).textContent(), /ln 5 = 1\.609/);
  assert.match(await page.locator(`${FIG} .figure-description`).textContent(), /d = 512：原始点积平均熵 0\.0\d+，除以 √d 后 1\.\d\d/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the pointer moves d (click on the track, then drag) and the readouts follow', async () => {
  const { page, errors } = await suite.open('index.html');
  await waitForFigure(page, 'sqrt-d');
  const slider = page.locator('#sqrt-d-d');
  await scrollIntoViewAndDraw(slider);
  const box = await slider.boundingBox();
  await page.mouse.click(box.x + box.width * 0.5, box.y + box.height / 2);
  const middle = await sliderValue(page);
  assert.ok(middle > 200 && middle < 320, `clicked the middle, got d = ${middle}`);
  await assertReadoutsMatchCore(page, { d: middle, seed: 1 });
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  assert.equal(await sliderValue(page), 512);
  await assertReadoutsMatchCore(page, { d: 512, seed: 1 });
  assert.deepEqual(errors, []);
  await page.close();
});

test('「换一组随机数」 is a button: the seed steps on, the URL keeps it, the numbers follow', async () => {
  const { page, errors } = await suite.open('index.html#sqrt-d.d=64');
  await waitForFigure(page, 'sqrt-d');
  const before = await readout(page, 'raw-range');
  const button = page.getByRole('button', { name: '换一组随机数' });
  await button.click();
  assert.match(await page.locator(`${FIG} .sqrt-d-seed`).textContent(), /随机种子 = 2/);
  await assertReadoutsMatchCore(page, { d: 64, seed: 2 });
  assert.notEqual(await readout(page, 'raw-range'), before);
  await button.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Space');
  await assertReadoutsMatchCore(page, { d: 64, seed: 4 });
  await page.waitForFunction(() => /sqrt-d\.[^#]*seed=4/.test(location.hash));
  assert.equal(await page.locator('#sqrt-d-seed').count(), 0, 'no slider for the seed');
  assert.deepEqual(errors, []);
  await page.close();
});

for (const colorScheme of ['light', 'dark']) {
  for (const width of [1280, 360]) {
    test(`screenshot at ${width} px, ${colorScheme}, d = 512: nothing widens the page`, async () => {
      const { page, errors } = await suite.open('index.html#sqrt-d.d=512', { width, height: 2000, colorScheme });
      await waitForFigure(page, 'sqrt-d');
      await page.evaluate(() => document.fonts.ready);
      // Park the figure below the phone's sticky contents bar, so the bar is not in the picture.
      await page.evaluate((sel) => window.scrollTo(0, document.querySelector(sel).getBoundingClientRect().top + window.scrollY - 70), FIG);
      assert.deepEqual(await overflowingElements(page, FIG), [], 'something in the figure reaches past its box');
      const svgWidth = await page.locator(`${FIG} .chart > svg`).evaluate((svg) => svg.getBoundingClientRect().width);
      const mountWidth = await page.locator(`${FIG} .figure-mount`).evaluate((el) => el.clientWidth);
      assert.ok(svgWidth <= mountWidth + 0.5, `svg ${svgWidth} px in a ${mountWidth} px slot`);
      await screenshot(page, `sqrt-d-${width}-${colorScheme}`, { locator: page.locator(FIG) });
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
}
