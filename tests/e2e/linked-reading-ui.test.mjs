// Linked reading, the interactions around the popover and the figures' own formulas: the
// keyboard enters and leaves the popover (Escape returns to the term); a stand-in moves the
// real control, redraws its figure and writes the URL; going to a control by mouse leaves it lit,
// focused and ringed after the smooth scroll, opening a closed <details>; a slider adjusted by
// a finger keeps its term lit until the next tap elsewhere; the popover never covers its term
// and fits a 360 px phone; pointing around the page never searches the document.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowserSuite, scrollIntoViewAndDraw } from './harness.mjs';
import { touchTap, openLinkedPage } from './linked-reading-helpers.mjs';

const suite = useBrowserSuite();
const POPOVER = '.term-popover:not([hidden])';
const S2 = (term) => `[data-figure="formula"] .katex [data-term="${term}"]`;
const hasClass = (page, selector, name) => page.locator(selector).first().evaluate((n, c) => n.classList.contains(c), name);
const drawing = (page, id) => page.locator(`[data-figure="${id}"] .figure-mount`).first().innerHTML();

// Clicks what starts a smooth scroll, and waits until that scroll has ended and the page has
// stopped moving (a re-aim may follow it). Waiting only for scrollY to hold still could end
// before a scroll that starts late had begun, and read the control in mid-flight.
async function clickAndWaitForTheScroll(page, locator) {
  await page.evaluate(() => {
    window.__scrollEnded = new Promise((resolve) => document.addEventListener('scrollend', resolve, { once: true }));
  });
  await locator.click();
  await page.evaluate(() => Promise.race([window.__scrollEnded, new Promise((resolve) => setTimeout(resolve, 3000))]));
  await page.waitForFunction(() => new Promise((resolve) => {
    const y = window.scrollY;
    setTimeout(() => resolve(window.scrollY === y), 150);
  }), null, { timeout: 5000 });
}

test('the keyboard: Tab into the popover, move a stand-in, Escape back to the term', async () => {
  const { page, errors } = await openLinkedPage(suite, 'index.html', { width: 1280, height: 800 });
  await page.locator(S2('d')).focus();
  await page.waitForSelector(POPOVER);
  assert.equal(await page.locator(`${POPOVER} .stand-in`).first().getAttribute('data-figure-ref'), 'three-steps');
  await page.keyboard.press('Tab');
  assert.ok(await page.evaluate(() => document.activeElement.closest('.term-popover')), 'Tab enters the popover');
  await page.keyboard.press('Tab'); // past the stand-in's 「↓ 转到」 to its slider
  assert.equal(await page.evaluate(() => document.activeElement.id), 'stand-in-three-steps-d');
  const before = await drawing(page, 'three-steps');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.locator('#three-steps-d').inputValue(), '7', 'the real slider follows');
  assert.notEqual(await drawing(page, 'three-steps'), before, 'the figure redraws');
  assert.match(await page.locator(`${POPOVER} .stand-in-readout`).first().textContent(), /√d = 2\.65/);
  await page.waitForFunction(() => location.hash.includes('three-steps.d=7'));
  await page.keyboard.press('Escape');
  assert.equal(await page.locator(POPOVER).count(), 0);
  assert.equal(await page.evaluate(() => document.activeElement.dataset.term), 'd', 'focus returns to the term');
  // Tab again from the term (popover closed by Escape): on to what follows the term.
  await page.keyboard.press('Tab');
  assert.notEqual(await page.evaluate(() => document.activeElement.dataset.term), 'd');
  assert.deepEqual(errors, []);
  await page.close();
});

test('Tab past the popover\'s end goes on to what follows the term', async () => {
  const { page, errors } = await openLinkedPage(suite, 'index.html', { width: 1280, height: 800 });
  await page.locator(S2('d')).focus();
  await page.waitForSelector(POPOVER);
  const tabs = await page.locator(`${POPOVER} input[type="range"], ${POPOVER} input:checked, ${POPOVER} button`).count();
  for (let i = 0; i <= tabs; i += 1) await page.keyboard.press('Tab');
  assert.equal(await page.locator(POPOVER).count(), 0, 'the popover closes once focus leaves it');
  const after = await page.evaluate(() => {
    const d = document.querySelector('[data-figure="formula"] .katex [data-term="d"]');
    return Boolean(d.compareDocumentPosition(document.activeElement) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  assert.ok(after, 'focus moved on past the term');
  assert.deepEqual(errors, []);
  await page.close();
});

test('going to a control by mouse: it stays lit, focused and ringed after the smooth scroll', async () => {
  const { page, errors } = await openLinkedPage(suite, 'index.html', { width: 1280, height: 800 });
  await page.locator(S2('d')).scrollIntoViewIfNeeded();
  await page.locator(S2('d')).hover();
  await page.waitForSelector(POPOVER);
  await clickAndWaitForTheScroll(page, page.locator(`${POPOVER} .stand-in[data-figure-ref="three-steps"] .stand-in-go`));
  assert.equal(await page.evaluate(() => document.activeElement.id), 'three-steps-d');
  const control = '[data-figure="three-steps"] .control[data-param="d"]';
  assert.equal(await hasClass(page, control, 'is-lit'), true);
  assert.equal(await hasClass(page, control, 'is-arrived'), true);
  assert.equal(await page.locator(control).evaluate((n) => getComputedStyle(n).outlineStyle), 'solid');
  const box = await page.locator(control).boundingBox();
  assert.ok(box.y >= 0 && box.y + box.height <= 800, 'the control is in view');
  await page.mouse.move(640, 400); // the pointer now rests on something else
  assert.equal(await hasClass(page, control, 'is-lit'), true, 'the light outlives the pointer');
  // The legend's buttons do the same, and open the closed softmax box.
  await clickAndWaitForTheScroll(page, page.locator('[data-figure="formula"] .legend-row[data-legend-term="score"] .formula-jump').first());
  assert.equal(await page.locator('#aside-softmax').evaluate((d) => d.open), true);
  assert.equal(await hasClass(page, '[data-figure="softmax"] .control', 'is-lit'), true);
  assert.equal(await hasClass(page, '[data-figure="softmax"] .control', 'is-arrived'), true);
  assert.equal(await page.evaluate(() => document.activeElement.closest('[data-figure]')?.dataset.figure), 'softmax');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a finger on a slider keeps its term lit, in its own figure\'s formula, until a tap elsewhere', async () => {
  const { page, errors } = await openLinkedPage(suite, 'index.html', { width: 360, height: 740 });
  const term = '[data-figure="three-steps"] .figure-formula [data-term="d"]';
  await page.locator('#three-steps-d').scrollIntoViewIfNeeded();
  const before = await drawing(page, 'three-steps');
  await touchTap(page, page.locator('#three-steps-d'));
  await page.waitForTimeout(300);
  assert.notEqual(await drawing(page, 'three-steps'), before, 'the tap moved the slider');
  assert.equal(await hasClass(page, term, 'is-lit'), true);
  const box = await page.locator(term).boundingBox();
  assert.ok(box.y >= 0 && box.y + box.height <= 740, 'the lit term is on screen');
  assert.equal(await hasClass(page, '[data-figure="three-steps"] .figure-formula [data-term="score"]', 'is-lit-indirect'), true, 'e, which d changes, is marked indirect');
  await touchTap(page, page.locator('[data-figure="three-steps"] .figure-title'));
  assert.equal(await hasClass(page, term, 'is-lit'), false);
  // Tapping the term itself, with its slider in view: the slider lights, nothing covers it, and
  // a second tap lets go.
  await touchTap(page, page.locator(term));
  assert.equal(await hasClass(page, '[data-figure="three-steps"] .control[data-param="d"]', 'is-lit'), true);
  assert.equal(await page.locator(POPOVER).count(), 0);
  await touchTap(page, page.locator(term));
  assert.equal(await hasClass(page, '[data-figure="three-steps"] .control[data-param="d"]', 'is-lit'), false);
  assert.deepEqual(errors, []);
  await page.close();
});

test('dragging a slider with the mouse lights its term in the same figure, on screen', async () => {
  const { page, errors } = await openLinkedPage(suite, 'index.html', { width: 1280, height: 800 });
  for (const [figure, param, term] of [['three-steps', 'd', 'd'], ['sqrt-d', 'd', 'd'], ['ledger', 'hidden', 'hidden'], ['cost', 'n', 'n'], ['scorers', 'step', 'step']]) {
    const slider = page.locator(`#${figure}-${param}`);
    await scrollIntoViewAndDraw(slider);
    const box = await slider.boundingBox();
    await page.mouse.move(box.x + 4, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
    const lit = page.locator(`[data-figure="${figure}"] .figure-formula [data-term="${term}"].is-lit`).first();
    assert.equal(await lit.count(), 1, `${figure}: its formula's ${term} is lit while dragging`);
    const at = await lit.boundingBox();
    assert.ok(at.y >= 0 && at.y + at.height <= 800, `${figure}: the lit term is on screen`);
    await page.mouse.up();
  }
  assert.deepEqual(errors, []);
  await page.close();
});

// An arrow key moves the focus along a row of radio buttons (one control): the light stays as it
// is. Put out and lit again on every move, it restyled every term and legend row it reaches.
test('arrowing along a row of word buttons keeps their term lit, and puts out or lights nothing', async () => {
  const { page, errors } = await openLinkedPage(suite, 'index.html', { width: 1280, height: 800 });
  const checked = page.locator('[data-figure="dot-attention"] button.word-radio[aria-checked="true"]');
  await checked.scrollIntoViewIfNeeded();
  await checked.focus();
  const term = await page.locator('[data-figure="dot-attention"] .control.word-radios').getAttribute('data-term');
  const litTerm = page.locator(`[data-figure="dot-attention"] .figure-formula [data-term="${term}"]`).first();
  assert.equal(await litTerm.evaluate((n) => n.classList.contains('is-lit')), true, 'focus lights its term');
  // Every change of an element's light (is-lit, is-lit-indirect), anywhere in the page.
  await page.evaluate(() => {
    window.__lightChanges = [];
    const light = (classes) => ['is-lit', 'is-lit-indirect'].filter((c) => classes.includes(c)).join(' ');
    new MutationObserver((records) => {
      for (const r of records) {
        const before = light((r.oldValue ?? '').split(/\s+/));
        const after = light([...r.target.classList]);
        if (before !== after) window.__lightChanges.push(`${r.target.className}: ${before || '-'} → ${after || '-'}`);
      }
    }).observe(document, { subtree: true, attributeFilter: ['class'], attributeOldValue: true });
  });
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowLeft']) await page.keyboard.press(key);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  assert.equal(await page.evaluate(() => document.activeElement.closest('.word-radios') !== null), true, 'the focus is still in the row');
  assert.equal(await litTerm.evaluate((n) => n.classList.contains('is-lit')), true, 'still lit after three moves');
  assert.deepEqual(await page.evaluate(() => window.__lightChanges), [], 'no light put out or lit by the moves');
  assert.deepEqual(errors, []);
  await page.close();
});

test('on a 360 px phone the popover fits the screen and never covers its term', async () => {
  const { page, errors } = await openLinkedPage(suite, 'index.html', { width: 360, height: 740 });
  for (const term of ['score', 'state', 'memory', 'alpha', 'context', 'd']) {
    await touchTap(page, page.locator(S2(term)));
    await page.waitForSelector(POPOVER);
    const [t, p] = await Promise.all([page.locator(S2(term)).boundingBox(), page.locator(POPOVER).boundingBox()]);
    assert.ok(p.x >= 0 && p.x + p.width <= 360 && p.y >= 0 && p.y + p.height <= 740, `${term}: popover ${JSON.stringify(p)}`);
    assert.ok(p.y >= t.y + t.height || p.y + p.height <= t.y, `${term}: the popover covers the term`);
    assert.ok(await page.locator(`${POPOVER} .stand-in-figure`).count() >= 1, `${term}: a named figure`);
    await touchTap(page, page.locator('#sec-2-title'));
    assert.equal(await page.locator(POPOVER).count(), 0, `${term}: a tap elsewhere closes it`);
  }
  // A term low on the screen: the popover goes above it, still whole and still off the term.
  await page.locator(S2('alpha')).evaluate((t) => window.scrollBy(0, t.getBoundingClientRect().top - 640));
  await touchTap(page, page.locator(S2('alpha')));
  await page.waitForSelector(POPOVER);
  const [t, p] = await Promise.all([page.locator(S2('alpha')).boundingBox(), page.locator(POPOVER).boundingBox()]);
  assert.equal(await page.locator(POPOVER).getAttribute('data-side'), 'above');
  assert.ok(p.y >= 0 && p.y + p.height <= t.y, `above the term: popover ${JSON.stringify(p)}, term ${JSON.stringify(t)}`);
  // What the tap's click left, read as it ends (before the browser's next frame could move a
  // focus left on the hidden popover).
  await page.evaluate(() => window.addEventListener('click', () => {
    window.__afterClose = {
      focusInPopover: Boolean(document.activeElement?.closest('.term-popover')),
      lit: document.querySelector('[data-figure="mix"] .control[data-param="beta"]').classList.contains('is-lit'),
    };
  }, { once: true }));
  await touchTap(page, page.locator(`${POPOVER} .term-popover-close`)); // × closes it and lets go of the light
  assert.deepEqual(await page.evaluate(() => window.__afterClose), { focusInPopover: false, lit: false }, 'the tap on × itself lets go');
  assert.equal(await page.locator(POPOVER).count(), 0);
  assert.equal(await hasClass(page, '[data-figure="mix"] .control[data-param="beta"]', 'is-lit'), false);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= 360), true);
  assert.deepEqual(errors, []);
  await page.close();
});

test('pointing around the page looks nothing up in the document', async () => {
  const { page, errors } = await openLinkedPage(suite, 'index.html', { width: 1280, height: 800 });
  await page.locator('[data-figure="formula"] .formula-legend').scrollIntoViewIfNeeded();
  const points = await page.evaluate(() => [...document.querySelectorAll('.legend-row, .legend-what, #three-steps-d, .katex [data-term]')]
    .map((n) => n.getBoundingClientRect()).filter((r) => r.top > 0 && r.bottom < innerHeight).map((r) => [r.x + r.width / 2, r.y + r.height / 2]));
  await page.evaluate(() => {
    window.lookups = 0;
    for (const proto of [Document.prototype, Element.prototype]) {
      for (const name of ['querySelectorAll', 'querySelector', 'getElementsByClassName']) {
        const original = proto[name];
        proto[name] = function counted(...args) { window.lookups += 1; return original.apply(this, args); };
      }
    }
  });
  for (const [x, y] of points) await page.mouse.move(x, y, { steps: 2 }); // too quick for a popover
  assert.ok(points.length >= 8, `${points.length} places pointed at`);
  assert.equal(await page.evaluate(() => window.lookups), 0);
  assert.ok(await page.locator('.is-lit').count() > 0, 'something is lit');
  assert.deepEqual(errors, []);
  await page.close();
});
