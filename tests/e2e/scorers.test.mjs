// scorers: the 「训练步数」 slider (keyboard and pointer), the TV chart (pointer) and the sentence
// pair change the maps and the TV readout, which equal the core's; the text's claims hold on the
// page: TV about 0.5 at step 0 and below 0.05 at 500, and in the reordered pair the row of
// "yesterday" is darkest at 「昨天」.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { coreFigure, hasHorizontalScroll, screenshot, useBrowserSuite, waitForFigure, assertSvgFitsSlot, scrollIntoViewAndDraw } from './harness.mjs';

const suite = useBrowserSuite();
const FIG = '[data-figure="scorers"]';
const SHADE_MAX = 0.6; // as in scorers.js: weights ≥ 0.6 are fully dark

const stepValue = (page) => page.locator('#scorers-step').evaluate((input) => input.valueAsNumber);
const tvReadout = async (page) => Number((await page.locator(`${FIG} .tv-readout`).textContent()).replace('TV = ', ''));

// The drawn map: each cell's shade (fill-opacity), row-major, and the labels.
function drawnMap(page, which) {
  return page.locator(`${FIG} .heatmap.${which}`).evaluate((g) => ({
    shades: [...g.querySelectorAll('g.cell rect')].map((r) => Number(r.getAttribute('fill-opacity'))),
    rows: [...g.querySelectorAll('text.row-label')].map((t) => t.textContent),
    cols: [...g.querySelectorAll('text.col-label')].map((t) => t.textContent),
  }));
}

async function assertMatchesCore(page, params) {
  const { data } = await coreFigure(page, 'scorers', params);
  assert.equal(await tvReadout(page), Number(data.tv_now.toFixed(2)));
  for (const [which, values] of [['is-dot', data.dot_map.data], ['is-additive', data.additive_map.data]]) {
    const map = await drawnMap(page, which);
    assert.deepEqual(map.rows, data.tgt);
    assert.deepEqual(map.cols, data.src);
    values.forEach((v, k) => assert.ok(Math.abs(map.shades[k] - Math.min(1, v / SHADE_MAX)) < 1e-9, `${which} cell ${k}`));
  }
  assert.match(await page.locator(`${FIG} .heatmap.is-additive .heatmap-sub`).textContent(), new RegExp(`参数：${data.params_additive}（训练 ${params.step} 步后）`));
  return data;
}

// In the page: whether each hidden table holds its map's numbers as drawn (the cells' values, two
// decimals, with （最大） on each row's darkest cell; at the suite's 1280 px the cells show them).
function tablesShowTheMaps(fig) {
  const slot = document.querySelector(fig);
  const maps = [...slot.querySelectorAll('g.heatmap.is-dot, g.heatmap.is-additive')]; // not the learned map beside
  const tables = [...slot.querySelectorAll('.scorers-tables div.visually-hidden table')];
  return maps.length === 2 && maps.every((g, m) => {
    const drawn = [...g.querySelectorAll('g.cell')].map((c) => `${c.querySelector('text').textContent}${c.classList.contains('is-argmax') ? '（最大）' : ''}`);
    const told = [...tables[m].querySelectorAll('tbody td')].map((td) => td.textContent);
    return drawn.length > 0 && drawn.join('|') === told.join('|');
  });
}

// The source word of the darkest cell in the row of `target` word.
async function darkestIn(page, which, target) {
  const map = await drawnMap(page, which);
  const i = map.rows.indexOf(target);
  const row = map.shades.slice(i * map.cols.length, (i + 1) * map.cols.length);
  return map.cols[row.indexOf(Math.max(...row))];
}

test('the keyboard scrubs the steps: TV ≈ 0.5 at 0, < 0.05 at 500; the yesterday row bends to 昨天', async () => {
  const { page, errors } = await suite.open('index.html');
  await waitForFigure(page, 'scorers');
  const start = await assertMatchesCore(page, { pair: 1, step: 0, seed: 1 });
  const tv0 = await tvReadout(page);
  assert.ok(tv0 > 0.35 && tv0 < 0.65, `TV at step 0: ${tv0}`);
  assert.deepEqual(start.src, ['我', '昨天', '看见', '一只', '猫']);
  assert.equal(await darkestIn(page, 'is-dot', 'yesterday'), '昨天');
  await page.focus('#scorers-step');
  await page.keyboard.press('ArrowRight');
  assert.equal(await stepValue(page), 1);
  await assertMatchesCore(page, { pair: 1, step: 1, seed: 1 });
  await page.keyboard.press('End');
  assert.equal(await stepValue(page), 500);
  await assertMatchesCore(page, { pair: 1, step: 500, seed: 1 });
  assert.ok(await tvReadout(page) < 0.05);
  assert.equal(await darkestIn(page, 'is-additive', 'yesterday'), '昨天');
  assert.equal(await darkestIn(page, 'is-dot', 'yesterday'), '昨天');
  assert.match(await page.locator(`${FIG} .figure-description`).textContent(), /第 500 步：TV = 0\.0\d/);
  // The text alternative: a table per map with the same numbers (written once the moves pause).
  const hidden = await page.locator(`${FIG} .scorers-tables div.visually-hidden table`).count();
  assert.equal(hidden, 2);
  await page.waitForFunction(tablesShowTheMaps, FIG);
  assert.match(await page.locator(`${FIG} .scorers-tables div.visually-hidden table`).first().locator('tbody tr').nth(4).textContent(), /^yesterday.*（最大）/);
  assert.deepEqual(errors, []);
  await page.close();
});

// A screen reader reads a map's hidden table when the reader goes to it: the table is not written
// in the frame of a move (where its cells would be laid out with the figure), but once the moves
// pause, and then it holds what the map shows.
test('a map\'s hidden table is written once the moves pause, not in the frame of a move', async () => {
  const { page, errors } = await suite.open('index.html');
  await waitForFigure(page, 'scorers');
  await page.waitForFunction(tablesShowTheMaps, FIG);
  const inTheMove = await page.evaluate((fig) => {
    const slot = document.querySelector(fig);
    const additive = () => [...slot.querySelectorAll('.heatmap.is-additive g.cell text')].map((t) => t.textContent).join('|');
    const table = () => slot.querySelectorAll('.scorers-tables div.visually-hidden table')[1].textContent;
    const [mapBefore, tableBefore] = [additive(), table()];
    const seed = slot.querySelector('#scorers-seed');
    for (let k = 0; k < 5; k += 1) { // five moves in a row, as a drag makes them
      seed.value = String(Number(seed.value) + 1);
      seed.dispatchEvent(new Event('input', { bubbles: true }));
    }
    return new Promise((resolve) => requestAnimationFrame(() => resolve({ mapMoved: additive() !== mapBefore, tableMoved: table() !== tableBefore })));
  }, FIG);
  assert.ok(inTheMove.mapMoved, 'the seed moves redraw the additive map');
  assert.ok(!inTheMove.tableMoved, 'the hidden table is not written in the moves');
  await page.waitForFunction(tablesShowTheMaps, FIG);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the pointer: slider drag, a click on the TV chart, and the sentence pair', async () => {
  const { page, errors } = await suite.open('index.html');
  await waitForFigure(page, 'scorers');
  const slider = page.locator('#scorers-step');
  await scrollIntoViewAndDraw(slider);
  const box = await slider.boundingBox();
  await page.mouse.move(box.x + 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2, { steps: 6 });
  await page.mouse.up();
  assert.equal(await stepValue(page), 500);
  await assertMatchesCore(page, { pair: 1, step: 500, seed: 1 });
  await scrollIntoViewAndDraw(page.locator(`${FIG} rect.tv-hit`));
  const chart = await page.locator(`${FIG} rect.tv-hit`).boundingBox();
  await page.mouse.click(chart.x + chart.width / 2, chart.y + chart.height / 2);
  const middle = await stepValue(page);
  assert.ok(Math.abs(middle - 250) <= 2, `clicked the middle of the TV chart, got step ${middle}`);
  await assertMatchesCore(page, { pair: 1, step: middle, seed: 1 });
  await page.locator(`${FIG} .control-choice label`).first().click();
  const same = await assertMatchesCore(page, { pair: 0, step: middle, seed: 1 });
  assert.deepEqual(same.dot_argmax, [0, 1, 2, 3, 4], 'same word order: the diagonal');
  assert.deepEqual(errors, []);
  await page.close();
});

// The TV chart as drawn: the step axis's ends, the TV axis's ticks, the 0.05 line, the hit area
// and the curve's first and last points (its path is "M x,y L x,y …").
function drawnTvChart(page) {
  return page.locator(`${FIG} .tv-chart`).evaluate((g) => {
    const [xAxis, yAxis] = g.querySelectorAll(':scope > g.axis');
    const ticks = (axis, at) => [...axis.querySelectorAll('g.tick')].map((t) => ({
      value: Number(t.textContent), at: Number(t.getAttribute('transform').match(/translate\(([-\d.e]+),([-\d.e]+)\)/)[at]),
    }));
    const goal = g.querySelector('.tv-goal line');
    const points = g.querySelector('.tv-curve').getAttribute('d').slice(1).split('L').map((p) => p.split(',').map(Number));
    return {
      steps: ticks(xAxis, 1), tv: ticks(yAxis, 2), hitWidth: Number(g.querySelector('.tv-hit').getAttribute('width')),
      goal: ['x2', 'y1', 'y2'].reduce((o, a) => ({ ...o, [a]: Number(goal.getAttribute(a)) }), {}),
      first: points[0], last: points.at(-1),
    };
  });
}

// Each part of the chart is redrawn only when what it depends on changes (scorers.js, drawTv):
// after a new seed and after a new width, they must still agree with each other and the core.
async function assertTvChartAgrees(page, params) {
  const { data } = await coreFigure(page, 'scorers', params);
  const chart = await drawnTvChart(page);
  // d3-axis sets its ticks half a pixel off, for crisp lines: positions read from them agree
  // to within that half pixel.
  const near = (a, b, what) => assert.ok(Math.abs(a - b) <= 0.51, `${what}: ${a} vs ${b}`);
  const [t0, t1] = [chart.tv[0], chart.tv.at(-1)];
  const yOf = (value) => t0.at + ((value - t0.value) * (t1.at - t0.at)) / (t1.value - t0.value);
  const xOf = (step) => (step / 500) * chart.hitWidth;
  for (const tick of chart.steps) near(tick.at, xOf(tick.value), `step tick ${tick.value}`);
  near(chart.goal.x2, chart.hitWidth, '0.05 line spans the chart');
  near(chart.goal.y1, yOf(0.05), '0.05 line on the TV axis');
  near(chart.first[1], yOf(data.tv[0]), 'curve at step 0');
  near(chart.last[0], chart.hitWidth, 'curve ends at step 500');
  near(chart.last[1], yOf(data.tv.at(-1)), 'curve at step 500');
  assert.deepEqual(chart.tv.map((t) => t.value), [0, 0.25, 0.5, 0.75, 1], 'the TV axis spans TV\'s whole range');
  return chart;
}

test('the TV chart keeps TV\'s whole range at every seed, so a lower start is drawn lower, and follows the width', async () => {
  const { page, errors } = await suite.open('index.html');
  await waitForFigure(page, 'scorers');
  const atSeed1 = await assertTvChartAgrees(page, { pair: 1, step: 0, seed: 1 });
  await page.focus('#scorers-seed');
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowRight');
  const atSeed5 = await assertTvChartAgrees(page, { pair: 1, step: 0, seed: 5 });
  // The axis stays where it was, so a scorer that starts nearer the dot map starts lower down.
  const [tv1, tv5] = [(await coreFigure(page, 'scorers', { pair: 1, step: 0, seed: 1 })).data.tv[0], (await coreFigure(page, 'scorers', { pair: 1, step: 0, seed: 5 })).data.tv[0]];
  assert.ok(tv5 < tv1 - 0.1, `seed 5 starts nearer the dot map (${tv5} against ${tv1}): the test needs two seeds apart`);
  assert.deepEqual(atSeed5.tv, atSeed1.tv, 'the TV axis is the same at every seed');
  assert.ok(atSeed5.first[1] > atSeed1.first[1] + 0.1 * (atSeed1.tv[0].at - atSeed1.tv.at(-1).at), 'the lower start is drawn lower');
  const wide = (await drawnTvChart(page)).hitWidth;
  await page.setViewportSize({ width: 420, height: 900 });
  await page.waitForFunction((w) => Number(document.querySelector('[data-figure="scorers"] .tv-hit').getAttribute('width')) < w, wide);
  await assertTvChartAgrees(page, { pair: 1, step: 0, seed: 5 });
  assert.deepEqual(errors, []);
  await page.close();
});

for (const colorScheme of ['light', 'dark']) {
  for (const width of [1280, 360]) {
    test(`screenshot at ${width} px, ${colorScheme}, step 60: nothing widens the page`, async () => {
      const { page, errors } = await suite.openAtFigure('index.html#scorers.step=60', 'scorers', { width, height: 2600, colorScheme });
      assert.equal(await hasHorizontalScroll(page), false);
      await assertSvgFitsSlot(page, FIG);
      await screenshot(page, `scorers-${width}-${colorScheme}`, { locator: page.locator(FIG) });
      // The comparison table of the source sits beside the figure and fits a phone.
      await screenshot(page, `scorers-table-${width}-${colorScheme}`, { locator: page.locator(`${FIG} ~ .table-scroll`).first() });
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
}
