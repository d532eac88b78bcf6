// formula: the §2 formula's dashed terms and the chapter's controls light each other — by mouse,
// keyboard and touch — and the legend under the formula names each term and takes the reader to
// the controls that change it. The figure has no core computation of its own. (The popover of
// stand-ins beside a term: linked-reading*.test.mjs.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hasHorizontalScroll, screenshot, useBrowserSuite, waitForFigure, scrollToFigure } from './harness.mjs';
import { touchTap } from './linked-reading-helpers.mjs';

const suite = useBrowserSuite();
const FIG = '[data-figure="formula"]';
const D_TERM = `${FIG} .katex [data-term="d"]`;
const D_CONTROL = '[data-figure="three-steps"] .control[data-param="d"]';

const isLit = (page, selector) => page.locator(selector).first().evaluate((el) => el.classList.contains('is-lit'));

async function open(options) {
  const opened = await suite.open('index.html', options);
  await waitForFigure(opened.page, 'formula');
  await waitForFigure(opened.page, 'three-steps');
  return opened;
}

test('hovering the d term lights the three-steps d slider; leaving it unlights it', async () => {
  const { page, errors } = await open();
  await page.locator(D_TERM).hover();
  assert.equal(await isLit(page, D_CONTROL), true);
  assert.equal(await isLit(page, D_TERM), true);
  await page.mouse.move(5, 5);
  assert.equal(await isLit(page, D_CONTROL), false);
  // And back: pointing at the slider lights the term.
  await page.locator('#three-steps-d').hover();
  assert.equal(await isLit(page, D_TERM), true);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the keyboard: Tab reaches the d term and lights the slider; focusing the slider lights the term', async () => {
  const { page, errors } = await open();
  assert.equal(await page.locator(D_TERM).getAttribute('tabindex'), '0');
  assert.equal(await page.locator(D_TERM).getAttribute('role'), 'button');
  assert.match(await page.locator(D_TERM).getAttribute('aria-description'), /除以 √d 的 d/);
  // Tab from the term just before d lands on d, once that term's popover is closed (Escape).
  await page.locator(D_TERM).evaluate((el) => {
    const all = [...document.querySelectorAll('[tabindex="0"], a[href], button, input')].filter((n) => !n.closest('.term-popover'));
    all[all.indexOf(el) - 1].focus();
  });
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.term), 'd');
  assert.equal(await isLit(page, D_CONTROL), true);
  await page.focus('#three-steps-d');
  assert.equal(await isLit(page, D_TERM), true);
  await page.keyboard.press('ArrowLeft'); // moving the slider keeps the term lit
  assert.equal(await isLit(page, D_TERM), true);
  await page.locator('#three-steps-d').blur();
  assert.equal(await isLit(page, D_TERM), false);
  // Focusing the term opened its popover: the slider's stand-in, named by its figure.
  await page.focus(D_TERM);
  const standIn = page.locator('.term-popover:not([hidden]) .stand-in[data-figure-ref="three-steps"]');
  assert.match(await standIn.locator('.stand-in-figure').textContent(), /核心大图/);
  assert.equal(await standIn.locator('input[type="range"]').inputValue(), await page.locator('#three-steps-d').inputValue());
  assert.deepEqual(errors, []);
  await page.close();
});

test('touch: a tap on the d term pins the light, a second tap releases it', async () => {
  const { page, errors } = await open({ width: 360, height: 800 });
  await touchTap(page, page.locator(D_TERM));
  await page.waitForTimeout(300); // the light stays after the finger lifts (touch has no hover)
  assert.equal(await isLit(page, D_CONTROL), true);
  assert.equal(await isLit(page, D_TERM), true);
  await touchTap(page, page.locator(D_TERM));
  assert.equal(await isLit(page, D_CONTROL), false);
  // The legend's symbol is the larger target for a finger: it pins the same light.
  await touchTap(page, page.locator(`${FIG} .legend-row[data-term="d"] .legend-pin`));
  await page.waitForTimeout(300);
  assert.equal(await isLit(page, D_CONTROL), true);
  assert.equal(await isLit(page, D_TERM), true);
  await touchTap(page, page.locator(`${FIG} .legend-row[data-term="d"] .legend-pin`));
  assert.equal(await isLit(page, D_CONTROL), false);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the legend lists every dashed term and its buttons take the reader to the control', async () => {
  const { page, errors } = await open();
  const names = await page.locator(`${FIG} .legend-name`).allTextContents();
  assert.deepEqual(names, ['打分', '状态', '记忆', '权重', '上下文', '维度']);
  const dRow = page.locator(`${FIG} .legend-row[data-term="d"]`);
  const jump = dRow.locator('.formula-jump', { hasText: '除以 √d 的 d' });
  assert.equal(await jump.count(), 1);
  await jump.click();
  await page.waitForFunction(() => document.activeElement?.id === 'three-steps-d');
  assert.equal(await isLit(page, D_TERM), true);
  // A control inside the closed softmax box: the box opens.
  const softmaxJump = page.locator(`${FIG} .formula-jump`, { hasText: '五个数' }).first();
  if (await softmaxJump.count()) {
    await softmaxJump.click();
    assert.equal(await page.locator('#aside-softmax').evaluate((d) => d.open), true);
  }
  // Pointing at a legend row lights its term.
  await dRow.locator('.legend-what').hover();
  assert.equal(await isLit(page, D_CONTROL), true);
  assert.match(await page.locator(`${FIG} .figure-description`).textContent(), /6 个符号/);
  assert.deepEqual(errors, []);
  await page.close();
});

for (const colorScheme of ['light', 'dark']) {
  for (const width of [1280, 360]) {
    test(`screenshot at ${width} px, ${colorScheme}, d lit: nothing widens the page`, async () => {
      const { page, errors } = await open({ width, height: 2000, colorScheme });
      await scrollToFigure(page, FIG);
      await page.focus(D_TERM);
      assert.equal(await hasHorizontalScroll(page), false);
      await screenshot(page, `formula-${width}-${colorScheme}`, { locator: page.locator(FIG) });
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
}
