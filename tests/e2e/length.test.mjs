// length: the 记忆保留率 buttons switch the emphasised curve, the exit marker follows it, and the
// text alternative says where the current curve leaves the band.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { coreFigure, useBrowserSuite, waitForFigure } from './harness.mjs';

const suite = useBrowserSuite();
const FIG = '[data-figure="length"]';

// The level of the emphasised curve (the DOM order changes: the current curve is raised on top).
const currentCurve = (page) => page.locator(`${FIG} path.curve.is-current`).evaluateAll((paths) =>
  (paths.length === 1 ? Number(paths[0].dataset.level) : -paths.length));

test('the level buttons switch the emphasised curve', async () => {
  const { page, errors } = await suite.open('index.html');
  await waitForFigure(page, 'length');
  const expected = await coreFigure(page, 'length', {});
  assert.equal(await page.locator(`${FIG} path.curve`).count(), expected.data.curves.length);
  assert.equal(await currentCurve(page), expected.data.current);

  const radios = page.locator(`${FIG} input[type="radio"]`);
  for (let level = 0; level < expected.data.curves.length; level += 1) {
    await page.locator(`${FIG} .segmented label`).nth(level).click();
    assert.equal(await radios.nth(level).isChecked(), true);
    assert.equal(await currentCurve(page), level);
    const curve = expected.data.curves[level];
    const description = await page.locator(`${FIG} .figure-description`).textContent();
    if (curve.exit_n) {
      assert.match(description, new RegExp(`n = ${curve.exit_n} 时`));
      assert.equal(await page.locator(`${FIG} .exit-marker`).count(), 1);
      assert.match(await page.locator(`${FIG} .exit-marker text`).textContent(), new RegExp(`n = ${curve.exit_n}`));
    } else {
      assert.equal(await page.locator(`${FIG} .exit-marker`).count(), 0);
    }
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('arrow keys move between levels', async () => {
  const { page } = await suite.open('index.html');
  await waitForFigure(page, 'length');
  const checked = page.locator(`${FIG} input[type="radio"]:checked`);
  await checked.focus();
  const before = await currentCurve(page);
  await page.keyboard.press(before === 0 ? 'ArrowRight' : 'ArrowLeft');
  assert.notEqual(await currentCurve(page), before);
  await page.close();
});

test('the chapter claim holds on the page: ρ = 1.25 still drops out for long sentences', async () => {
  const { page } = await suite.open('index.html#length.level=2');
  await waitForFigure(page, 'length');
  assert.match(await page.locator(`${FIG} .figure-description`).textContent(), /ρ = 1\.25：n = \d+ 时跌出灰色带/);
  await page.close();
});
