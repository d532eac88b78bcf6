// mix: the target word and the sharpness β (keyboard and pointer) change the weights α printed
// at the arrows, which equal the core's; the arrows are drawn to scale (one px-per-unit for both
// axes) and the orange arrow c ends inside the dashed hull of the tips, for every target and β.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { coreFigure, hasHorizontalScroll, screenshot, useBrowserSuite, waitForFigure, assertSvgFitsSlot, scrollIntoViewAndDraw } from './harness.mjs';

const suite = useBrowserSuite();
const FIG = '[data-figure="mix"]';

const betaValue = (page) => page.locator('#mix-beta').evaluate((input) => input.valueAsNumber);
const targetValue = (page) => page.locator(`${FIG} input[type="radio"]:checked`).evaluate((r) => Number(r.value));

// What is drawn: the origin, each arrow's tip, c's tip and the hull polygon, in SVG pixels.
function drawn(page) {
  return page.locator(`${FIG} svg`).evaluate((svg) => {
    const end = (line) => [line.x2.baseVal.value, line.y2.baseVal.value];
    const origin = svg.querySelector('circle.origin');
    const hull = svg.querySelector('path.hull').getAttribute('d').replace(/[MZ]/g, '').split('L').map((p) => p.split(',').map(Number));
    return {
      origin: [origin.cx.baseVal.value, origin.cy.baseVal.value],
      tips: [...svg.querySelectorAll('.arrows g.arrow line')].map(end),
      c: end(svg.querySelector('.arrow.is-c line')),
      alphas: [...svg.querySelectorAll('.arrows .tip-alpha')].map((t) => t.textContent.replace('α ', '')),
      hull,
    };
  });
}

// Inside a counter-clockwise polygon in the plane = inside a clockwise one on screen (y down).
function insidePolygon(point, polygon) {
  return polygon.every((a, k) => {
    const b = polygon[(k + 1) % polygon.length];
    return (b[0] - a[0]) * (point[1] - a[1]) - (b[1] - a[1]) * (point[0] - a[0]) <= 1e-6;
  });
}

async function assertMatchesCore(page, params) {
  const { data } = await coreFigure(page, 'mix', params);
  const d = await drawn(page);
  assert.deepEqual(d.alphas, data.alpha.map((a) => a.toFixed(2)), `α at ${JSON.stringify(params)}`);
  // To scale: px per unit, from every arrow, along x and along y, is one number.
  const arrows = Array.from({ length: data.arrows.rows }, (_, j) => data.arrows.data.slice(2 * j, 2 * j + 2));
  const k = (d.tips[2][0] - d.origin[0]) / arrows[2][0];
  arrows.forEach(([x, y], j) => {
    assert.ok(Math.abs(d.tips[j][0] - d.origin[0] - k * x) < 0.01, `arrow ${j} x`);
    assert.ok(Math.abs(d.origin[1] - d.tips[j][1] - k * y) < 0.01, `arrow ${j} y`);
  });
  assert.ok(Math.abs(d.c[0] - d.origin[0] - k * data.c[0]) < 0.01 && Math.abs(d.origin[1] - d.c[1] - k * data.c[1]) < 0.01, 'c drawn where the core puts it');
  assert.equal(data.inside_fan, true);
  assert.ok(insidePolygon(d.c, d.hull), `c ${d.c} inside the drawn hull at ${JSON.stringify(params)}`);
  assert.match(await page.locator(`${FIG} .mix-readout`).textContent(), /在扇形内/);
  return data;
}

test('the keyboard changes β and the target word; c stays inside the fan', async () => {
  const { page, errors } = await suite.open('index.html');
  await waitForFigure(page, 'mix');
  await assertMatchesCore(page, { target: 3, beta: 1 });
  await page.focus('#mix-beta');
  await page.keyboard.press('ArrowRight');
  assert.equal(await betaValue(page), 1.1);
  await assertMatchesCore(page, { target: 3, beta: 1.1 });
  await page.keyboard.press('End');
  const sharp = await assertMatchesCore(page, { target: 3, beta: 10 });
  assert.ok(Math.max(...sharp.alpha) > 0.99, 'β = 10 puts almost all weight on one arrow');
  await page.focus(`${FIG} input[type="radio"]:checked`);
  for (let target = 2; target >= 0; target -= 1) {
    await page.keyboard.press('ArrowLeft');
    assert.equal(await targetValue(page), target);
    await assertMatchesCore(page, { target, beta: 10 });
  }
  await page.focus('#mix-beta');
  await page.keyboard.press('Home');
  const uniform = await assertMatchesCore(page, { target: 0, beta: 0 });
  assert.ok(uniform.alpha.every((a) => Math.abs(a - 0.2) < 1e-12), 'β = 0: the plain average');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the pointer drags β and picks each target word; c never leaves the fan', async () => {
  const { page, errors } = await suite.open('index.html');
  await waitForFigure(page, 'mix');
  const slider = page.locator('#mix-beta');
  await scrollIntoViewAndDraw(slider);
  const box = await slider.boundingBox();
  for (const [fraction, beta] of [[0, 0], [1, 10]]) {
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(fraction ? box.x + box.width - 2 : box.x + 2, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    assert.equal(await betaValue(page), beta);
    const labels = page.locator(`${FIG} .control-choice label`);
    for (let target = 0; target < await labels.count(); target += 1) {
      await labels.nth(target).click();
      await assertMatchesCore(page, { target, beta });
    }
  }
  assert.deepEqual(errors, []);
  await page.close();
});

for (const colorScheme of ['light', 'dark']) {
  for (const width of [1280, 360]) {
    test(`screenshot at ${width} px, ${colorScheme}: nothing widens the page`, async () => {
      const { page, errors } = await suite.openAtFigure('index.html#mix.beta=2', 'mix', { width, height: 2000, colorScheme });
      assert.equal(await hasHorizontalScroll(page), false);
      await assertSvgFitsSlot(page, FIG);
      await screenshot(page, `mix-${width}-${colorScheme}`, { locator: page.locator(FIG) });
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
}
