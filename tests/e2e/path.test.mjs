// path: the n, j, i sliders (keyboard and pointer) and clicks on the nodes move the route; the
// big counts equal the core's hops (RNN: every step between, attention: 1), every hop of the RNN
// route is lit, and at n = 60 the figure fits a 360 px phone. Screenshots, light and dark.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { coreFigure, overflowingElements, screenshot, useBrowserSuite, waitForFigure, assertSvgFitsSlot, scrollIntoViewAndDraw } from './harness.mjs';

const suite = useBrowserSuite();
const FIG = '[data-figure="path"]';


const value = (page, name) => page.locator(`#path-${name}`).evaluate((input) => input.valueAsNumber);
const params = async (page) => ({ n: await value(page, 'n'), j: await value(page, 'j'), i: await value(page, 'i') });

async function assertDrawingMatchesCore(page) {
  const p = await params(page);
  const { data } = await coreFigure(page, 'path', p);
  assert.equal(Number(await page.locator(`${FIG} .path-count.is-rnn .count-value`).textContent()), data.rnn.hops);
  assert.equal(Number(await page.locator(`${FIG} .path-count.is-attention .count-value`).textContent()), data.attention.hops);
  assert.equal(data.attention.hops, 1);
  // The chain: h₁…hₙ, c, s₁…sᵢ; the lit route has one segment per hop and lights its nodes.
  assert.equal(await page.locator(`${FIG} circle.node`).count(), data.n + 1 + data.i);
  const route = await page.locator(`${FIG} path.rnn-route`).getAttribute('d');
  assert.equal((route.match(/L/g) ?? []).length, data.rnn.hops, 'one segment of the lit route per hop');
  assert.equal(await page.locator(`${FIG} circle.node.on-route`).count(), data.rnn.nodes.length);
  // Attention: one line from hⱼ (the source node) to sᵢ (the target node).
  const ends = await page.locator(`${FIG} svg`).first().evaluate((svg) => {
    const line = svg.querySelector('line.attention-route');
    const at = (sel) => svg.querySelector(sel) && [svg.querySelector(sel).cx.baseVal.value, svg.querySelector(sel).cy.baseVal.value];
    return { hidden: line.getAttribute('visibility') === 'hidden', x1: line.x1.baseVal.value, x2: line.x2.baseVal.value,
      source: at('circle.is-source.is-h'), target: at('circle.is-target.is-s') };
  });
  assert.equal(ends.hidden, false);
  assert.equal(ends.x1, ends.source[0]);
  assert.equal(ends.x2, ends.target[0]);
  assert.match(await page.locator(`${FIG} .figure-description`).textContent(),
    new RegExp(`n = ${data.n}，从 h${data.j} 到 s${data.i}：RNN 要穿 ${data.rnn.hops} 步，注意力 1 步`));
  return data;
}

test('the keyboard moves n, j and i; the counts are the core hops', async () => {
  const { page, errors } = await suite.open('index.html');
  await waitForFigure(page, 'path');
  const start = await assertDrawingMatchesCore(page);
  assert.equal(start.rnn.hops, start.n + 1, 'from h₁ to s₁ with n = 10: 11 hops');
  await page.focus('#path-n');
  await page.keyboard.press('End');
  assert.equal(await value(page, 'n'), 60);
  assert.equal((await assertDrawingMatchesCore(page)).rnn.hops, 61);
  await page.focus('#path-i');
  for (let k = 0; k < 4; k += 1) await page.keyboard.press('ArrowRight');
  assert.equal(await value(page, 'i'), 5);
  await assertDrawingMatchesCore(page);
  await page.focus('#path-j');
  await page.keyboard.press('PageUp');
  assert.ok(await value(page, 'j') > 1);
  await assertDrawingMatchesCore(page);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the pointer: a click on the track and a click on a node move the route', async () => {
  const { page, errors } = await suite.open('index.html#path.n=12');
  await waitForFigure(page, 'path');
  const slider = page.locator('#path-i');
  await scrollIntoViewAndDraw(slider);
  const box = await slider.boundingBox();
  await page.mouse.click(box.x + box.width * 0.25, box.y + box.height / 2);
  const i = await value(page, 'i');
  assert.ok(i > 5 && i < 25, `clicked a quarter along, got i = ${i}`);
  const before = await assertDrawingMatchesCore(page);
  // Click h₄ in the drawing: it becomes the start j.
  await page.locator(`${FIG} circle.node.is-h`).nth(3).click();
  assert.equal(await value(page, 'j'), 4);
  const after = await assertDrawingMatchesCore(page);
  assert.equal(after.rnn.hops, before.rnn.hops - 3);
  assert.deepEqual(errors, []);
  await page.close();
});

test('j past the end of the sentence is read as the last word, and the figure says so', async () => {
  const { page } = await suite.open('index.html#path.n=5&path.j=40');
  await waitForFigure(page, 'path');
  const data = await assertDrawingMatchesCore(page);
  assert.equal(data.j, 5);
  assert.match(await page.locator(`${FIG} .path-legend`).textContent(), /j 超过句长/);
  await page.close();
});

for (const colorScheme of ['light', 'dark']) {
  for (const width of [1280, 360]) {
    test(`screenshot at ${width} px, ${colorScheme}, n = 60: the whole U fits, nothing widens the page`, async () => {
      const { page, errors } = await suite.openAtFigure('index.html#path.n=60&path.j=3&path.i=60', 'path', { width, height: 1600, colorScheme });
      assert.deepEqual(await overflowingElements(page, FIG), [], 'something in the figure reaches past its box');
      await assertSvgFitsSlot(page, FIG);
      await screenshot(page, `path-${width}-${colorScheme}`, { locator: page.locator(FIG) });
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
}
