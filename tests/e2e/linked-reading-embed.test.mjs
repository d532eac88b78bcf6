// Linked reading the other way, and alone: every figure with controls shows the formula of what
// it computes, its terms linked to its own controls (in the chapter and embedded alone); the
// §2 formula embedded alone, with none of the chapter's controls on its page, still teaches:
// its stand-ins are the chapter's figures computed by the core without being drawn, each says
// what it changes and links to its figure in the chapter.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowserSuite } from './harness.mjs';
import { openLinkedPage } from './linked-reading-helpers.mjs';

const suite = useBrowserSuite();
const POPOVER = '.term-popover:not([hidden])';

test('every figure with linked controls shows its formula, and each control lights a term of it', async () => {
  const { page, errors } = await openLinkedPage(suite, 'index.html', { width: 1280, height: 800 });
  const problems = await page.evaluate(() => {
    const out = [];
    for (const slot of document.querySelectorAll('[data-figure][data-state="ready"]')) {
      const id = slot.dataset.figure;
      const controls = [...slot.querySelectorAll('.control[data-term]')];
      if (!controls.length) continue;
      const formula = slot.querySelector('.figure-formula');
      if (!formula) {
        out.push(`${id}: no formula of its own`);
        continue;
      }
      const terms = new Set([...formula.querySelectorAll('[data-term].term-linked')].map((t) => t.dataset.term));
      for (const control of controls) {
        if (!terms.has(control.dataset.term)) out.push(`${id}: its formula has no ${control.dataset.term} for ${control.dataset.param ?? 'its control'}`);
      }
      // The formula sits right before the controls (a figure drawing its own: before the drawing).
      if (!formula.nextElementSibling?.matches('.figure-controls')) out.push(`${id}: the formula is not next to the controls`);
    }
    return out;
  });
  assert.deepEqual(problems, []);
  assert.deepEqual(errors, []);
  await page.close();
});

test('embedded alone, a figure brings its formula, and its slider lights its term on screen', async () => {
  for (const width of [1280, 360]) {
    const { page, errors } = await openLinkedPage(suite, 'embed.html?fig=three-steps', { width, height: width > 400 ? 800 : 740 });
    const term = page.locator('.figure-formula [data-term="d"]');
    assert.equal(await term.getAttribute('role'), 'button');
    await page.focus('#three-steps-d');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await term.evaluate((t) => t.classList.contains('is-lit')), true);
    const box = await term.boundingBox();
    assert.ok(box.y >= 0 && box.y + box.height <= (width > 400 ? 800 : 740), 'the lit term is in view');
    // Pointing at the term lights the slider next to it; no popover is needed for it.
    await page.evaluate(() => document.activeElement.blur());
    await term.hover();
    await page.waitForTimeout(300);
    assert.equal(await page.locator('[data-figure="three-steps"] .control[data-param="d"]').evaluate((c) => c.classList.contains('is-lit')), true);
    assert.equal(await page.locator(POPOVER).count(), 0);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('the §2 formula embedded alone: its stand-ins are computed by the core, say what they change and link to the chapter', async () => {
  const { page, errors } = await openLinkedPage(suite, 'embed.html?fig=formula', { width: 720, height: 800 });
  await page.waitForSelector('[data-figure="formula"] .legend-controls .formula-jump');
  const text = await page.locator('[data-figure="formula"]').textContent();
  assert.doesNotMatch(text, /这一页没有改它的控件/);
  const rows = await page.locator('.legend-row').evaluateAll((list) => list.map((row) => row.querySelectorAll('.legend-controls a[href*="index.html#fig-"]').length));
  assert.ok(rows.length === 6 && rows.every((n) => n > 0), `links to the chapter per row: ${rows}`);
  for (const name of ['score', 'state', 'memory', 'alpha', 'context', 'd']) {
    assert.equal(await page.locator(`.katex [data-term="${name}"]`).first().getAttribute('role'), 'button', `${name} is focusable`);
  }

  await page.locator('.katex [data-term="alpha"]').first().hover();
  await page.waitForSelector(POPOVER);
  const standIn = page.locator(`${POPOVER} .stand-in[data-figure-ref="mix"]`);
  assert.match(await standIn.locator('.stand-in-figure').textContent(), /微型图解/);
  assert.match(await standIn.locator('a.stand-in-go').getAttribute('href'), /index\.html#fig-mix$/);
  assert.equal(await page.locator(`${POPOVER} button.stand-in-go`).count(), 0, 'nothing to go to on this page');
  const readout = standIn.locator('.stand-in-readout');
  const before = await readout.textContent();
  assert.match(before, /^α：我 \d\.\d\d/);
  await standIn.locator('input[type="range"]').focus();
  await page.keyboard.press('End'); // β = 10: softmax sharpens onto one word
  const after = await readout.textContent();
  assert.notEqual(after, before);
  assert.match(after, /1\.00/, `sharpened: ${after}`);
  // No emoji a reader's fonts may lack: the figures are named as the chapter names them.
  assert.doesNotMatch(await page.locator(POPOVER).textContent(), /[\u{1F000}-\u{1FAFF}]/u); // 📐 and the like
  assert.deepEqual(errors, []);
  await page.close();
});
