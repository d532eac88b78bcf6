// State in the URL: a link reopens a state, moving a control writes it, and a hostile hash is
// clamped or dropped with a visible note — never inserted as markup.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowserSuite, waitForFigure } from './harness.mjs';

const suite = useBrowserSuite();
const value = (page, id) => page.locator(id).evaluate((input) => input.valueAsNumber);

test('a URL with state reopens that state', async () => {
  const { page, errors } = await suite.open('index.html#funnel.n=12&funnel.rho=0.8&funnel.seed=3&length.level=0');
  await waitForFigure(page, 'funnel');
  await waitForFigure(page, 'length');
  assert.equal(await value(page, '#funnel-n'), 12);
  assert.equal(await value(page, '#funnel-rho'), 0.8);
  assert.equal(await value(page, '#funnel-seed'), 3);
  assert.equal(await page.locator('[data-figure="funnel"] rect.bar').count(), 12);
  assert.equal(await page.locator('[data-figure="length"] input[type="radio"]').first().isChecked(), true);
  assert.equal(await page.locator('.figure-alert:not([hidden])').count(), 0, 'a clean link shows no note');
  assert.deepEqual(errors, []);
  await page.close();
});

test('moving a control writes the URL, and the URL reloads the same state', async () => {
  const { page } = await suite.open('index.html');
  await waitForFigure(page, 'funnel');
  await page.focus('#funnel-n');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => location.hash.includes('funnel.n=7'));
  await page.reload();
  await waitForFigure(page, 'funnel');
  assert.equal(await value(page, '#funnel-n'), 7);
  assert.equal(await page.locator('[data-figure="funnel"] rect.bar').count(), 7);
  await page.close();
});

test('a hostile hash is clamped or dropped with a visible note and no markup', async () => {
  const hostile = [
    `funnel.n=${encodeURIComponent('<script>window.pwned=1</script>')}`,
    'funnel.rho=1e999',
    'funnel.seed=NaN',
    'length.level=-5',
    `funnel.${encodeURIComponent('<img src=x onerror=window.pwned=2>')}=1`,
    `length.seed=${'9'.repeat(300)}`,
  ].join('&');
  const { page, errors } = await suite.open(`index.html#${hostile}`);
  let dialogs = 0;
  page.on('dialog', (dialog) => { dialogs += 1; dialog.dismiss(); });
  await waitForFigure(page, 'funnel');
  await waitForFigure(page, 'length');
  assert.equal(await value(page, '#funnel-n'), 5, 'unreadable n → default');
  assert.equal(await value(page, '#funnel-rho'), 1, '1e999 → default');
  assert.equal(await page.locator('[data-figure="length"] input[type="radio"]').first().isChecked(), true, '-5 → clamped to 0');
  const funnelNote = page.locator('[data-figure="funnel"] .figure-alert');
  assert.equal(await funnelNote.isVisible(), true);
  const noteText = await funnelNote.textContent();
  assert.match(noteText, /<script>/, 'the value is shown as text');
  assert.match(noteText, /不是可用的数/);
  assert.match(await page.locator('[data-figure="length"] .figure-alert').textContent(), /超出范围/);
  assert.equal(await page.locator('.figure-alert script, .figure-alert img').count(), 0);
  assert.equal(await page.evaluate(() => window.pwned), undefined);
  assert.equal(dialogs, 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a very long hash is ignored with a note, in the figures that have state only', async () => {
  // Settled: every figure mounted (those far from the first screen mount in idle time).
  const { page } = await suite.openSettled(`index.html#funnel.n=${'1'.repeat(5000)}`);
  assert.equal(await value(page, '#funnel-n'), 5);
  assert.match(await page.locator('[data-figure="funnel"] .figure-alert').textContent(), /太长/);
  // Exactly the figures whose spec has params warn; formula and figure2 keep nothing in the
  // URL: they lost nothing, and say nothing.
  const { warned, withState } = await page.evaluate(async () => {
    const { default: createAttnCore } = await import(new URL('attn_core.mjs', document.baseURI).href);
    const specs = (await createAttnCore()).figures();
    const slots = [...document.querySelectorAll('[data-figure][data-state="ready"]')];
    const ids = (list) => [...new Set(list.map((s) => s.dataset.figure))].sort();
    return {
      warned: ids(slots.filter((s) => s.querySelector('.figure-alert:not([hidden])'))),
      withState: ids(slots.filter((s) => specs.some((spec) => spec.id === s.dataset.figure && spec.params.length > 0))),
    };
  });
  assert.ok(warned.length >= 10, `${warned.length} figures warned`);
  assert.deepEqual(warned, withState);
  for (const id of ['formula', 'figure2']) {
    assert.equal(await page.locator(`[data-figure="${id}"] .figure-alert`).isVisible(), false, id);
  }
  await page.close();
});

test('a note goes away once the reader moves the control', async () => {
  const { page } = await suite.open('index.html#funnel.n=999');
  await waitForFigure(page, 'funnel');
  assert.equal(await value(page, '#funnel-n'), 50);
  assert.equal(await page.locator('[data-figure="funnel"] .figure-alert').isVisible(), true);
  await page.focus('#funnel-n');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.locator('[data-figure="funnel"] .figure-alert').isVisible(), false);
  await page.close();
});

// The page writes a move to the URL a moment later (debounced). A link followed, or a hash set by
// the embedding page, in that moment is the reader's newer word: the late write must not replace
// it before the page has read it. Here the write falls due while the page's thread is busy; the
// hash is set by the next script the test sends, which the browser runs before the due write, and
// the write then runs before the hashchange event (as it did on a loaded machine).
test('a hash set just after a move wins over the move\'s pending URL write', async () => {
  const { page } = await suite.open('index.html');
  await waitForFigure(page, 'funnel');
  const busy = page.evaluate(() => {
    const input = document.querySelector('#funnel-n');
    input.value = '9';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    const until = performance.now() + 400;
    while (performance.now() < until) { /* the URL write falls due */ }
  });
  const linked = page.evaluate(() => new Promise((resolve) => {
    window.addEventListener('hashchange', () => setTimeout(resolve, 50), { once: true });
    location.hash = 'funnel.n=12&funnel.nope=1';
  }));
  await Promise.all([busy, linked]);
  await page.waitForTimeout(400);
  assert.equal(await value(page, '#funnel-n'), 12);
  assert.equal(await page.locator('[data-figure="funnel"] .figure-alert').isVisible(), true, 'the link\'s note');
  assert.match(await page.evaluate(() => location.hash), /funnel\.n=12/);
  await page.close();
});
