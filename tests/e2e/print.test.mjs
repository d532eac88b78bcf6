// The chapter on paper (web/css/print.css): in the light colours whatever the reader's scheme,
// without what only works on a screen, the figures as drawn with their controls' values, and an
// honest note where a panel waits to be scrolled near (its map is computed only then) — which a
// print also starts, so that the next print has it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowserSuite, waitForFigure } from './harness.mjs';

const suite = useBrowserSuite();
const LIGHT_FG = '#1d2127'; // tokens.css
const DARK_FG = '#e4e3df';

const fg = (page) => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--fg').trim());
// Displayed: drawn, or only skipped for being far from the view (lib/dom.js isDisplayed).
const displayed = (locator) => locator.evaluate((el) => el.checkVisibility());

test('on paper the chapter is in the light colours, for a reader in the dark scheme too', async () => {
  const { page, errors } = await suite.open('index.html', { colorScheme: 'dark' });
  await waitForFigure(page, 'funnel');
  assert.equal(await fg(page), DARK_FG, 'the screen is dark');
  await page.emulateMedia({ media: 'print' });
  assert.equal(await fg(page), LIGHT_FG);
  assert.equal(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme), 'light');
  // The drawings take their colours from the same tokens: an axis label is the light scheme's
  // muted ink (--fg-muted, #5a616b), not the dark scheme's pale grey.
  const tick = page.locator('[data-figure="funnel"] .axis text').first();
  assert.equal(await tick.evaluate((t) => getComputedStyle(t).fill), 'rgb(90, 97, 107)');
  await page.emulateMedia({ media: 'screen' });
  assert.equal(await fg(page), DARK_FG, 'and back on screen, dark again');
  assert.deepEqual(errors, []);
  await page.close();
});

test('on paper the screen-only parts are left out; the controls and their choices stay', async () => {
  const { page, errors } = await suite.open('index.html');
  await waitForFigure(page, 'funnel');
  await page.emulateMedia({ media: 'print' });
  for (const selector of ['.toc', '.skip-link', '[data-figure="funnel"] .figure-toolbar', '[data-figure="figure2"] .figure2-train']) {
    assert.equal(await displayed(page.locator(selector).first()), false, `${selector} is not printed`);
  }
  assert.equal(await displayed(page.locator('[data-figure="funnel"] input[type="range"]').first()), true, 'a slider prints, with its value');
  // The chosen segment is told by its fill, which prints as on screen (not dropped as a background).
  const chosen = page.locator('[data-figure="length"] .segmented input:checked + span');
  assert.equal(await chosen.evaluate((s) => getComputedStyle(s).printColorAdjust), 'exact');
  // A drawing's height held for the screen (lib/height-hold.js) is not kept on paper.
  const held = await page.locator('[data-figure="funnel"] .figure-mount').evaluate((m) => [m.style.minHeight, getComputedStyle(m).minHeight]);
  assert.notEqual(held[0], '', 'the screen holds a height');
  assert.equal(held[1], '0px');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a map not yet computed says so on paper, and a print starts computing it', async () => {
  const { page, errors } = await suite.open('index.html');
  await waitForFigure(page, 'scorers');
  const panel = page.locator('[data-figure="scorers"] .learned-alignment');
  const note = panel.locator('.figure2-align-print-note');
  const status = panel.locator('.figure2-align-status');
  assert.equal(await panel.getAttribute('data-state'), 'waiting', 'far from the view, nothing fetched');
  assert.equal(await displayed(note), false, 'the note is for paper only');
  await page.emulateMedia({ media: 'print' });
  assert.equal(await displayed(note), true);
  assert.match(await note.textContent(), /打印版缺这张对齐图/);
  assert.equal(await displayed(status), false, 'the screen\'s "when you scroll here" is not printed');
  // Printed (to PDF, as the print dialog does): the panel starts loading where it is, and the
  // page does not scroll to it.
  const pdf = await page.pdf({ format: 'A4' });
  assert.ok(pdf.length > 100000, 'a whole chapter was printed');
  assert.notEqual(await panel.getAttribute('data-state'), 'waiting');
  await page.waitForSelector('[data-figure="scorers"] .learned-alignment[data-state="ready"]', { timeout: 30000 });
  assert.equal(await page.evaluate(() => scrollY), 0);
  assert.equal(await displayed(note), false, 'drawn, the map prints instead of the note');
  assert.deepEqual(errors, []);
  await page.close();
});
