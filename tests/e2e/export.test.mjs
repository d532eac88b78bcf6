// What a figure exports looks like what the reader saw: for every figure that offers 导出 PNG /
// 导出 SVG, in the light and the dark scheme, the exported PNG (and the SVG file, drawn as an
// image with none of the page's CSS) is compared pixel by pixel with a screenshot of the same
// <svg> on the page. A figure that has no drawing to export offers neither button.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { SCREENSHOT_DIR, useBrowserSuite, waitForFigure } from './harness.mjs';
import { pixelSimilarity } from './image-compare.mjs';

// Photographed at 2× (a high-density screen), the resolution the PNG export is drawn at, so that
// page and export are compared pixel for pixel, not through a rescaling.
const suite = useBrowserSuite({ contextOptions: { deviceScaleFactor: 2 } });
// A pixel matches when a pixel of the other image within 2 px has no channel more than 128 of 255
// away (image-compare.mjs): what a sub-pixel shift does to an edge passes, a mark in another
// colour does not. Faithful exports match every pixel of every figure. Exports that copied a
// fixed list of properties (no paint-order, stroke-linejoin, stroke-linecap or stop-color)
// missed 24 pixels of ~830 000 (softmax's square-ended handles), ~110 (mix's c, a white blob),
// ~830 (length), ~1 100 (dot-attention) and ~13 000 (scorers' numbers and black α legend).
const MATCH = { tolerance: 128, radius: 2 };
const SIMILAR = 0.99999;

const download = async (page, button) => {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return fs.readFileSync(await file.path());
};

// The figure's exported <svg> is its first top-level one (figure2: the BLEU chart).
const drawingOf = (slot) => slot.locator('.figure-mount svg:not(svg svg)').first();

async function readyToPhotograph(page, slot) {
  await slot.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 70));
  await page.mouse.move(2, 2); // hover nothing in the figure
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

for (const colorScheme of ['light', 'dark']) {
  test(`every figure's PNG and SVG export looks like the figure on the page (${colorScheme})`, async () => {
    const { page, errors } = await suite.openSettled('index.html', {
      colorScheme,
      prepare: (p) => p.emulateMedia({ colorScheme, reducedMotion: 'reduce' }),
    });
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const slots = page.locator('[data-figure][data-state="ready"]');
    const scores = [];
    const failures = [];
    for (let i = 0; i < await slots.count(); i += 1) {
      const slot = slots.nth(i);
      const id = await slot.getAttribute('data-figure');
      const png = slot.locator('.figure-toolbar button[data-action="png"]');
      const svgButton = slot.locator('.figure-toolbar button[data-action="svg"]');
      const drawing = drawingOf(slot);
      if (!(await png.isVisible())) {
        assert.equal(await svgButton.isVisible(), false, `${id}: 导出 SVG without 导出 PNG`);
        assert.equal(await drawing.count(), 0, `${id} has a drawing but offers no image export`);
        continue;
      }
      if (!(await drawing.count())) {
        failures.push(`${id} offers 导出 PNG but has no drawing`);
        continue;
      }
      await readyToPhotograph(page, slot);
      if (id === 'figure2') await slot.locator('.figure2-status[data-loaded]').waitFor();
      const shown = await drawing.screenshot();
      const exported = await download(page, png);
      const svgFile = await download(page, svgButton);
      const name = `export-${id}-${colorScheme}`;
      fs.writeFileSync(path.join(SCREENSHOT_DIR, `${name}-page.png`), shown);
      fs.writeFileSync(path.join(SCREENSHOT_DIR, `${name}.png`), exported);
      fs.writeFileSync(path.join(SCREENSHOT_DIR, `${name}.svg`), svgFile);

      const asPng = await pixelSimilarity(suite.browser.context, shown, exported, MATCH);
      const asSvg = await pixelSimilarity(suite.browser.context, shown, svgFile, { ...MATCH, imageType: 'image/svg+xml' });
      scores.push(`${id} png ${asPng.similarity.toFixed(6)} svg ${asSvg.similarity.toFixed(6)}`);
      if (Math.abs(asPng.imageWidth - asPng.width) > 2 || Math.abs(asPng.imageHeight - asPng.height) > 2) {
        failures.push(`${id}: PNG ${asPng.imageWidth}×${asPng.imageHeight} for a ${asPng.width}×${asPng.height} drawing`);
      }
      if (asPng.similarity < SIMILAR) failures.push(`${id}: PNG matches ${(100 * asPng.similarity).toFixed(4)} % of the page's pixels`);
      if (asSvg.similarity < SIMILAR) failures.push(`${id}: SVG matches ${(100 * asSvg.similarity).toFixed(4)} % of the page's pixels`);
    }
    console.log(`# ${colorScheme}: ${scores.join('; ')}`);
    assert.ok(scores.length >= 10, `only ${scores.length} figures offered an image export`);
    assert.deepEqual(failures, []);
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('the formula figure, which is text and no drawing, offers no image export', async () => {
  const { page } = await suite.open('index.html');
  const formula = page.locator('[data-figure="formula"]');
  // Built, not yet drawn (the first draw is a task later): the buttons must not show even then.
  await formula.locator('.formula-legend').waitFor();
  const shown = async () => Promise.all(['png', 'svg', 'embed'].map((a) => formula.locator(`button[data-action="${a}"]`).isVisible()));
  assert.deepEqual(await shown(), [false, false, true]);
  await waitForFigure(page, 'formula');
  assert.deepEqual(await shown(), [false, false, true]);
  await page.close();
});

test('a web font the page serves goes into the export, so the PNG sets the text in it', async () => {
  const { page, errors } = await suite.open('index.html#funnel.n=12');
  const slot = await waitForFigure(page, 'funnel');
  // A served font no system has (as a CJK subset font of the page would be), for the figure's text.
  await page.addStyleTag({ content: '@font-face { font-family: "Served Face"; src: url(css/fonts/KaTeX_Typewriter-Regular.woff2) format("woff2"); }'
    + ' [data-figure="funnel"] svg text { font-family: "Served Face", sans-serif; font-size: 15px; }' });
  await page.evaluate(() => document.fonts.load('15px "Served Face"'));
  await readyToPhotograph(page, slot);
  const shown = await drawingOf(slot).screenshot();
  const svgFile = await download(page, slot.locator('button[data-action="svg"]'));
  assert.match(svgFile.toString(), /<style[^>]*>@font-face\{font-family:"Served Face";src:url\(data:font\/woff2;base64,/);
  const exported = await download(page, slot.locator('button[data-action="png"]'));
  fs.writeFileSync(path.join(SCREENSHOT_DIR, 'export-font-page.png'), shown);
  fs.writeFileSync(path.join(SCREENSHOT_DIR, 'export-font.png'), exported);
  const { similarity } = await pixelSimilarity(suite.browser.context, shown, exported, MATCH);
  assert.ok(similarity >= SIMILAR, `the PNG matches ${(100 * similarity).toFixed(4)} % of the page's pixels`);
  assert.deepEqual(errors, []);
  await page.close();
});
