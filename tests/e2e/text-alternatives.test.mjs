// Text alternatives: every chart is a named role="img", every figure has a live description that
// follows it, and a heatmap carries its numbers as a table for screen readers. (axe, Tab and the
// keyboard: a11y.test.mjs.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowserSuite } from './harness.mjs';

const suite = useBrowserSuite();

test('every chart has a text alternative: a named role="img" and a live description', async () => {
  const { page, errors } = await suite.openSettled('index.html');
  const problems = await page.evaluate(() => {
    const out = [];
    for (const slot of document.querySelectorAll('[data-figure][data-state="ready"]')) {
      const id = slot.dataset.figure;
      const description = slot.querySelector('.figure-description');
      if (!description || description.getAttribute('aria-live') !== 'polite') out.push(`${id}: no aria-live description`);
      else if (!description.textContent.trim()) out.push(`${id}: the description is empty`);
      // Drawings outside formulas (KaTeX's own SVGs are glyphs of the formula, read by its MathML).
      const drawings = [...slot.querySelectorAll('svg, canvas')].filter((n) => !n.closest('.katex') && !n.parentElement.closest('svg'));
      for (const node of drawings) {
        if (node.closest('[aria-hidden="true"]')) continue;
        const name = (node.getAttribute('aria-label') ?? '').trim()
          || (node.getAttribute('aria-labelledby') ?? '').split(/\s+/).map((ref) => document.getElementById(ref)?.textContent ?? '').join('').trim();
        if (node.getAttribute('role') !== 'img' || !name) out.push(`${id}: <${node.tagName.toLowerCase()}> has no role="img" with a name`);
      }
      // A heatmap carries its numbers as a table for screen readers.
      for (const map of slot.querySelectorAll('g.heatmap')) {
        if (!slot.querySelector('table')) out.push(`${id}: a heatmap without a table of its numbers`);
        if (!map.querySelectorAll('g.cell').length) out.push(`${id}: an empty heatmap`);
      }
    }
    return out;
  });
  assert.deepEqual(problems, []);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the description follows the figure: moving a control changes what is read out', async () => {
  const { page } = await suite.openSettled('index.html');
  const described = await page.evaluate(() => [...document.querySelectorAll('[data-figure][data-state="ready"]')]
    .filter((s) => s.querySelector('.figure-controls input[type="range"]'))
    .map((s) => ({ id: s.dataset.figure, input: `#${CSS.escape(s.querySelector('.figure-controls input[type="range"]').id)}` })));
  const stale = [];
  for (const { id, input } of described) {
    const read = () => page.locator(`[data-figure="${id}"] .figure-description`).first().textContent();
    const before = await read();
    const changed = await page.locator(input).evaluate((n) => {
      const start = n.value;
      n.value = String(Number(n.value) >= Number(n.max) ? n.min : n.max);
      n.dispatchEvent(new Event('input', { bubbles: true }));
      return n.value !== start;
    });
    if (changed && (await read()) === before) stale.push(`${id}: ${input} changed but the description did not`);
  }
  assert.deepEqual(stale, []);
  await page.close();
});
