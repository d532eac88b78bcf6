// dot-attention: the English words are one radiogroup of buttons (click, or arrow keys); the
// chosen word's α over the five Chinese words and the table of per-dimension products equal the
// core's numbers; clicking 'cat' puts the largest weight on 「猫」.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { coreFigure, hasHorizontalScroll, screenshot, useBrowserSuite, waitForFigure } from './harness.mjs';

const suite = useBrowserSuite();
const FIG = '[data-figure="dot-attention"]';

const word = (page, text) => page.locator(`${FIG} .word-radio`, { hasText: new RegExp(`^${text}$`) });
const checked = (page) => page.locator(`${FIG} .word-radio[aria-checked="true"]`).textContent();

async function assertMatchesCore(page, target) {
  const { data } = await coreFigure(page, 'dot-attention', { target });
  assert.deepEqual(await page.locator(`${FIG} .source text.value`).allTextContents(), data.alpha.map((a) => a.toFixed(2)));
  assert.deepEqual(await page.locator(`${FIG} .source text.word`).allTextContents(), data.src);
  // Table: row k = dimension, columns s_k then the products s_k·h_jk for each source word j.
  const cells = await page.locator(`${FIG} .dot-products tbody tr`).evaluateAll((rows) =>
    rows.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
  assert.equal(cells.length, data.dims.length);
  const at = (m, i, j) => m.data[i * m.cols + j]; // the core's matrices: {rows, cols, data} row-major
  cells.forEach((row, k) => {
    assert.equal(row[0], at(data.vectors.tgt, target, k).toFixed(2), `s_${k}`);
    for (let j = 0; j < data.products.rows; j += 1) {
      const p = at(data.products, j, k);
      assert.equal(row[j + 1], p === 0 ? '0' : p.toFixed(2), `product dim ${k}, word ${j}`);
    }
  });
  const scores = await page.locator(`${FIG} .dot-products tfoot tr`).first().locator('td.value').allTextContents();
  assert.deepEqual(scores, data.scores.map((s) => s.toFixed(2)));
  assert.equal(await checked(page), data.tgt[target]);
  return data;
}

const heaviest = async (page) => {
  const values = (await page.locator(`${FIG} .source text.value`).allTextContents()).map(Number);
  const words = await page.locator(`${FIG} .source text.word`).allTextContents();
  return words[values.indexOf(Math.max(...values))];
};

test('clicking cat puts the largest weight on 猫; every word matches the core', async () => {
  const { page, errors } = await suite.open('index.html');
  await waitForFigure(page, 'dot-attention');
  await assertMatchesCore(page, 0);
  await word(page, 'cat').click();
  await assertMatchesCore(page, 3);
  assert.equal(await heaviest(page), '猫');
  assert.match(await page.locator(`${FIG} .figure-description`).textContent(), /最多落在「猫」/);
  const expected = { I: '我', saw: '看见', a: '一只', yesterday: '昨天' };
  for (const [english, chinese] of Object.entries(expected)) {
    await word(page, english).click();
    assert.equal(await heaviest(page), chinese, english);
  }
  await page.waitForFunction(() => /dot-attention\.target=4/.test(location.hash));
  assert.deepEqual(errors, []);
  await page.close();
});

test('the keyboard: Tab reaches the chosen word, arrow keys move the choice', async () => {
  const { page, errors } = await suite.open('index.html');
  await waitForFigure(page, 'dot-attention');
  const tabStops = await page.locator(`${FIG} .word-radio[tabindex="0"]`).count();
  assert.equal(tabStops, 1, 'one tab stop for the whole group');
  await page.locator(`${FIG} .word-radio[tabindex="0"]`).focus();
  for (let target = 1; target <= 3; target += 1) {
    await page.keyboard.press('ArrowRight');
    await assertMatchesCore(page, target);
  }
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'cat');
  assert.equal(await heaviest(page), '猫');
  // The tab stop moved with the choice: still one, the chosen word.
  assert.deepEqual(await page.locator(`${FIG} .word-radio[tabindex="0"]`).evaluateAll((nodes) =>
    nodes.map((n) => [n.textContent, n.getAttribute('aria-checked')])), [['cat', 'true']]);
  await page.keyboard.press('End');
  await assertMatchesCore(page, 4);
  await page.keyboard.press('ArrowRight'); // wraps to the first word
  await assertMatchesCore(page, 0);
  assert.equal(await page.locator(`${FIG} [role="radiogroup"]`).getAttribute('aria-labelledby') !== null, true);
  assert.deepEqual(errors, []);
  await page.close();
});

for (const colorScheme of ['light', 'dark']) {
  for (const width of [1280, 360]) {
    test(`screenshot at ${width} px, ${colorScheme}, cat: nothing widens the page`, async () => {
      const { page, errors } = await suite.openAtFigure('index.html#dot-attention.target=3', 'dot-attention', { width, height: 2000, colorScheme });
      assert.equal(await hasHorizontalScroll(page), false);
      await screenshot(page, `dot-attention-${width}-${colorScheme}`, { locator: page.locator(FIG) });
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
}
