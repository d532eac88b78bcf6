// The chapter page as a whole: loads cleanly, mounts the built figures, is honest about the
// others, and links formula terms with the controls that change them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowserSuite, waitForFigure } from './harness.mjs';

const suite = useBrowserSuite();

test('the page loads with no console error and draws funnel and length', async () => {
  const { page, errors } = await suite.open('index.html');
  await waitForFigure(page, 'funnel');
  await waitForFigure(page, 'length');
  assert.equal(await page.locator('html').getAttribute('lang'), 'zh-CN');
  assert.ok(await page.locator('.katex').count() > 0, 'formulas are rendered');
  assert.equal(await page.locator('script:not([src])').count(), 0, 'no inline script');
  assert.deepEqual(errors, []);
  await page.close();
});

test('figures without a module say they are not built yet', async () => {
  const { page } = await suite.openSettled('index.html'); // every slot mounted (lazily) or refused
  const slots = await page.locator('[data-figure]').evaluateAll((nodes) =>
    nodes.map((n) => ({ id: n.dataset.figure, state: n.dataset.state, text: n.querySelector('.figure-mount').textContent })));
  for (const slot of slots.filter((s) => s.state !== 'ready')) {
    assert.equal(slot.state, 'todo', `${slot.id} is ${slot.state}`);
    assert.match(slot.text, /此图尚在制作中/);
  }
  await page.close();
});

test('the table of contents lists every h2 and marks the section being read', async () => {
  const { page } = await suite.open('index.html');
  const h2s = await page.locator('.chapter h2').count();
  assert.equal(await page.locator('.toc-list a').count(), h2s);
  await page.locator('.chapter h2').nth(2).scrollIntoViewIfNeeded();
  await page.locator('.chapter h2').nth(2).evaluate((h) => h.scrollIntoView({ block: 'start' }));
  await page.waitForFunction(() => document.querySelectorAll('.toc-list a')[2]?.getAttribute('aria-current') === 'true');
  await page.close();
});

test('a formula term lights its controls, and a control lights its term', async () => {
  const { page } = await suite.open('index.html');
  await waitForFigure(page, 'funnel');
  const term = page.locator('.katex [data-term="n"]').first();
  assert.equal(await term.getAttribute('tabindex'), '0');
  assert.match(await term.getAttribute('aria-description'), /由滑杆「.+」/);
  await term.focus();
  assert.ok(await page.locator('[data-figure="funnel"] .control[data-term="n"].is-lit').count() === 1);
  await term.blur();
  await page.locator('#funnel-n').hover();
  assert.ok(await page.locator('.katex [data-term="n"].is-lit').count() >= 1);
  await page.close();
});
