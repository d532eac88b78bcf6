// funnel: the sentence-length control (keyboard and pointer) changes the bars; there is one bar
// per word and each bar's height is the core's norm on the log axis.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { coreFigure, logAxisMapping, logToY, screenshot, useBrowserSuite, waitForFigure, scrollIntoViewAndDraw } from './harness.mjs';

const suite = useBrowserSuite();
const FIG = '[data-figure="funnel"]';

async function bars(page) {
  return page.locator(`${FIG} rect.bar`).evaluateAll((rects) =>
    rects.map((r) => ({ y: r.y.baseVal.value, height: r.height.baseVal.value })));
}

async function assertBarsMatchCore(page, params) {
  const expected = await coreFigure(page, 'funnel', params);
  const drawn = await bars(page);
  assert.equal(drawn.length, params.n);
  assert.equal(drawn.length, expected.data.norms.length);
  const mapping = await logAxisMapping(page, FIG);
  expected.data.norms.forEach((norm, i) => {
    assert.ok(Math.abs(drawn[i].y - logToY(mapping, norm)) < 0.5, `bar ${i}: y ${drawn[i].y} vs ${logToY(mapping, norm)}`);
  });
}

const sliderValue = (page) => page.locator('#funnel-n').evaluate((input) => input.valueAsNumber);
const params = async (page) => ({ n: await sliderValue(page), rho: await page.locator('#funnel-rho').evaluate((i) => i.valueAsNumber), seed: await page.locator('#funnel-seed').evaluate((i) => i.valueAsNumber) });

test('the keyboard moves the length control and the bars follow', async () => {
  const { page, errors } = await suite.open('index.html');
  await waitForFigure(page, 'funnel');
  await assertBarsMatchCore(page, await params(page));
  await page.focus('#funnel-n');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await sliderValue(page), 7);
  await assertBarsMatchCore(page, await params(page));
  await page.keyboard.press('End');
  assert.equal(await sliderValue(page), 50);
  await assertBarsMatchCore(page, await params(page));
  assert.match(await page.locator(`${FIG} .figure-description`).textContent(), /n = 50/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the pointer moves the length control and the bars follow', async () => {
  const { page, errors } = await suite.open('index.html');
  await waitForFigure(page, 'funnel');
  const slider = page.locator('#funnel-n');
  await scrollIntoViewAndDraw(slider);
  const box = await slider.boundingBox();
  await page.mouse.click(box.x + box.width * 0.5, box.y + box.height / 2);
  const middle = await sliderValue(page);
  assert.ok(middle > 15 && middle < 35, `clicked the middle, got n = ${middle}`);
  await assertBarsMatchCore(page, await params(page));
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 2, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  assert.equal(await sliderValue(page), 1);
  await assertBarsMatchCore(page, await params(page));
  assert.deepEqual(errors, []);
  await page.close();
});

test('the figure shows which norm the bars are and the grey band', async () => {
  const { page } = await suite.open('index.html');
  await waitForFigure(page, 'funnel');
  assert.match(await page.locator(`${FIG} .figure-readout`).textContent(), /谱范数/);
  assert.equal(await page.locator(`${FIG} .band rect`).count(), 1);
  await page.close();
});

test('导出数据 gives the core result with plain arrays', async () => {
  const { page } = await suite.open('index.html#funnel.n=9');
  await waitForFigure(page, 'funnel');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator(`${FIG} button[data-action="json"]`).click(),
  ]);
  const saved = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
  const expected = await coreFigure(page, 'funnel', { n: 9 });
  assert.equal(saved.id, 'funnel');
  assert.equal(saved.params.n, 9);
  assert.deepEqual(saved.data.norms, expected.data.norms);
  const [svgDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.locator(`${FIG} button[data-action="svg"]`).click(),
  ]);
  const svg = fs.readFileSync(await svgDownload.path(), 'utf8');
  assert.match(svg, /^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  assert.equal((svg.match(/class="bar/g) ?? []).length, 9);
  await page.close();
});

// Fifty words fit the text column of a laptop (646 px, at 1280 and at 1024) without scrolling;
// the word labels have no tick marks (a tick over a vertical 「一」 reads as 「十」) and no two
// labels overlap. On a phone the chart scrolls inside its own box, never the page.
for (const width of [1280, 1024, 360]) {
  test(`at ${width} px fifty word labels are clear of each other and of tick marks`, async () => {
    const { page, errors } = await suite.openAtFigure('index.html#funnel.n=50', 'funnel', { width, height: width === 360 ? 740 : 800 });
    const layout = await page.locator(FIG).evaluate((figure) => {
      const mount = figure.querySelector('.figure-mount');
      const svg = figure.querySelector('.chart svg');
      const labels = [...figure.querySelectorAll('.axis-x .tick text')].map((t) => t.getBoundingClientRect());
      const ticks = [...figure.querySelectorAll('.axis-x .tick line')].filter((l) => l.getBoundingClientRect().height > 0.5).length;
      const overlaps = labels.slice(1).filter((r, i) => r.left < labels[i].right - 0.5).length;
      const belowAxis = labels.every((r) => r.top >= figure.querySelector('.axis-x .domain').getBoundingClientRect().bottom + 2);
      return { mount: mount.clientWidth, svg: svg.getBoundingClientRect().width, labels: labels.length, ticks, overlaps, belowAxis,
        pageScrolls: document.documentElement.scrollWidth > document.documentElement.clientWidth };
    });
    assert.equal(layout.labels, 50);
    assert.equal(layout.ticks, 0, 'no tick marks on the word axis');
    assert.equal(layout.overlaps, 0, 'word labels overlap');
    assert.ok(layout.belowAxis, 'every label starts clear of the axis line');
    assert.equal(layout.pageScrolls, false);
    if (width >= 1024) {
      assert.equal(layout.mount, 646);
      assert.ok(layout.svg <= layout.mount, `chart ${layout.svg} px in a ${layout.mount} px box`);
      assert.doesNotMatch(await page.locator(`${FIG} .figure-readout`).textContent(), /左右滑动/);
    }
    await screenshot(page, `funnel-n50-${width}`, { locator: page.locator(FIG) });
    assert.deepEqual(errors, []);
    await page.close();
  });
}

// A new size of the SVG lays out every text in it again. So the chart keeps its size when its
// labels turn upright, and on a phone, where it is wider than its box, it grows eight words at
// a time rather than with every word (up to the fifty words the slider reaches).
async function walkLength(page) {
  await page.focus('#funnel-n');
  await page.keyboard.press('Home');
  const steps = [];
  for (;;) {
    steps.push(await page.locator(FIG).evaluate((figure) => {
      const svg = figure.querySelector('.chart svg');
      return {
        n: figure.querySelector('#funnel-n').valueAsNumber,
        upright: !!figure.querySelector('.axis-x .tick-vertical'),
        width: svg.width.baseVal.value,
        height: svg.height.baseVal.value,
      };
    }));
    if (steps.at(-1).n === 50) return steps;
    await page.keyboard.press('ArrowRight');
  }
}

test('the chart keeps its size when its word labels turn upright', async () => {
  const { page, errors } = await suite.openAtFigure('index.html', 'funnel', { width: 1280, height: 800 });
  const steps = await walkLength(page);
  const size = (s) => `${s.width} × ${s.height}`;
  const turns = steps.slice(1).map((s, i) => [steps[i], s]).filter(([before, after]) => before.upright !== after.upright);
  assert.ok(turns.length >= 1, 'the labels turn somewhere between n = 1 and 50');
  for (const [before, after] of turns) assert.equal(size(after), size(before), `n = ${before.n} → ${after.n}`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('on a phone the chart grows eight words at a time', async () => {
  const { page, errors } = await suite.openAtFigure('index.html', 'funnel', { width: 360, height: 740 });
  const steps = await walkLength(page);
  const box = await page.locator(`${FIG} .chart-scroll`).evaluate((scroller) => scroller.clientWidth);
  const room = ({ width }) => (width - 62) / 11;
  for (const step of steps) {
    if (62 + step.n * 11 <= box) assert.equal(step.width, box, `n = ${step.n} fits in ${box} px and does not scroll`);
    else assert.ok(room(step) >= step.n, `n = ${step.n}: room for ${room(step)} words`);
  }
  const grown = steps.filter((s) => s.width > box);
  assert.ok(grown.length >= 20, 'past some 22 words the chart is wider than a phone');
  const changes = steps.slice(1).filter((s, i) => s.width !== steps[i].width).map((s) => s.n);
  assert.ok(changes.length <= Math.ceil(grown.length / 8) + 1, `the width changed at n = ${changes.join(', ')}`);
  assert.deepEqual(errors, []);
  await page.close();
});
