// Linked reading, term by term: for every dashed formula term of the chapter (the §2 formula,
// the figures' own formulas, the running text), at 1280×800 and 360×740, pointing at it (mouse
// hover), focusing it (keyboard) or tapping it (finger) leaves at least one control that
// changes it lit and wholly inside the viewport — the real control, or its stand-in beside the
// term — and operating that control changes its figure's drawing or readout (and, for a
// stand-in, moves the real control too).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowserSuite } from './harness.mjs';
import { touchTap, openLinkedPage } from './linked-reading-helpers.mjs';

const suite = useBrowserSuite();

// Marks and describes the first lit control (a stand-in or a real one) wholly inside the
// viewport: {figure, standIn, param}; null when there is none.
function findLitControlInView() {
  document.querySelector('[data-test-target]')?.removeAttribute('data-test-target');
  const inView = (node) => {
    const box = node.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && box.top >= 0 && box.left >= 0
      && box.bottom <= window.innerHeight && box.right <= document.documentElement.clientWidth;
  };
  const popover = document.querySelector('.term-popover:not([hidden])');
  const candidates = [
    ...(popover ? popover.querySelectorAll('.stand-in .control.is-lit, .stand-in .control.is-lit-indirect') : []),
    ...document.querySelectorAll('[data-figure] .control.is-lit, [data-figure] .control.is-lit-indirect'),
  ];
  const target = candidates.find((node) => inView(node) && (!popover || popover.contains(node) || !covered(node)));
  function covered(node) { // a real control hidden under the popover does not count
    const a = node.getBoundingClientRect();
    const b = popover.getBoundingClientRect();
    return !(a.right <= b.left || a.left >= b.right || a.bottom <= b.top || a.top >= b.bottom);
  }
  if (!target) return null;
  target.setAttribute('data-test-target', '');
  const standIn = target.closest('.stand-in');
  return {
    figure: standIn ? standIn.dataset.figureRef : target.closest('[data-figure]').dataset.figure,
    standIn: Boolean(standIn),
    param: target.dataset.param ?? null,
  };
}

// What the reader sees of a figure: its drawing and its description.
const fingerprint = (page, id) => page.evaluate((figure) => {
  const slot = document.querySelector(`[data-figure="${CSS.escape(figure)}"]`);
  return `${slot.querySelector('.figure-mount').innerHTML}|${slot.querySelector('.figure-description')?.textContent}`;
}, id);

// Moves the marked control one step by the keyboard (back one step if it was at its end).
async function operate(page) {
  const handle = page.locator('[data-test-target]').locator('input[type="range"], input[type="radio"]:checked, [role="radio"][tabindex="0"], input[type="number"]').first();
  await handle.focus();
  const read = () => handle.evaluate((n) => (n.type === 'radio' || n.getAttribute('role') === 'radio' ? n.closest('.control').querySelector(':checked, [aria-checked="true"]')?.textContent + n.closest('.control').querySelector(':checked')?.value : n.value));
  const before = await read();
  const isNumber = (await handle.getAttribute('type')) === 'number';
  await page.keyboard.press(isNumber ? 'ArrowUp' : 'ArrowRight');
  if ((await read()) === before) await page.keyboard.press(isNumber ? 'ArrowDown' : 'ArrowLeft');
}

// The real control of a stand-in shows the stand-in's value.
const realFollows = (page, { figure, param }) => page.evaluate(([id, name]) => {
  const standIn = document.querySelector('[data-test-target] input[type="range"], [data-test-target] input:checked');
  const real = document.querySelector(`[data-figure="${CSS.escape(id)}"] .figure-controls .control[data-param="${CSS.escape(name)}"]`);
  if (!real || !standIn) return true; // a control the figure draws itself (softmax's boxes): checked by the drawing
  const value = real.querySelector('input[type="range"], input:checked')?.value;
  return value === standIn.value;
}, [figure, param]);

async function leave(page, how) {
  await page.keyboard.press('Escape');
  if (how === 'tap') await touchTap(page, page.locator('h1').first());
  else await page.mouse.move(1, 1);
  await page.evaluate(() => document.activeElement?.blur());
}

for (const { how, width, height } of [
  { how: 'hover', width: 1280, height: 800 },
  { how: 'focus', width: 1280, height: 800 },
  { how: 'tap', width: 360, height: 740 },
  { how: 'focus', width: 360, height: 740 },
]) {
  test(`${width}×${height}, ${how}: every dashed term shows a lit control in view, and moving it changes its figure`, async () => {
    const { page, errors } = await openLinkedPage(suite, 'index.html', { width, height });
    const count = await page.evaluate(() => {
      const terms = [...document.querySelectorAll('.katex [data-term]')];
      terms.forEach((t, i) => t.setAttribute('data-test-term', String(i)));
      return terms.length;
    });
    assert.ok(count >= 50, `${count} formula terms`);
    const problems = [];
    for (let i = 0; i < count; i += 1) {
      const term = page.locator(`[data-test-term="${i}"]`);
      const name = await term.evaluate((t) => `${t.closest('[data-figure]')?.dataset.figure ?? 'text'}:${t.dataset.term}#${t.dataset.testTerm}`);
      if (!(await term.evaluate((t) => t.classList.contains('term-linked') && getComputedStyle(t).borderBottomStyle === 'dashed'))) {
        problems.push(`${name}: not a dashed, linked term`);
        continue;
      }
      // A term in a closed <details> (the softmax box) is read once the reader opens it.
      await term.evaluate((t) => {
        const details = t.closest('details');
        if (details) details.open = true;
        t.scrollIntoView({ block: 'center' });
      });
      if (how === 'hover') await term.hover();
      else if (how === 'focus') await term.focus();
      else await touchTap(page, term);
      await page.waitForTimeout(how === 'hover' ? 260 : 60); // the popover waits for a resting pointer
      if (!(await term.evaluate((t) => t.classList.contains('is-lit')))) problems.push(`${name}: the term itself is not lit`);
      const target = await page.evaluate(findLitControlInView);
      if (!target) {
        problems.push(`${name}: no lit control or stand-in inside the viewport`);
        await leave(page, how);
        continue;
      }
      const before = await fingerprint(page, target.figure);
      await operate(page);
      try {
        await page.waitForFunction(([id, was]) => {
          const slot = document.querySelector(`[data-figure="${CSS.escape(id)}"]`);
          return `${slot.querySelector('.figure-mount').innerHTML}|${slot.querySelector('.figure-description')?.textContent}` !== was;
        }, [target.figure, before], { timeout: 4000 });
      } catch {
        problems.push(`${name}: moving ${target.standIn ? 'the stand-in' : 'the control'} of ${target.figure} changed nothing`);
      }
      if (target.standIn && !(await realFollows(page, target))) problems.push(`${name}: the real control of ${target.figure} did not follow its stand-in`);
      await leave(page, how);
    }
    assert.deepEqual(problems, []);
    assert.deepEqual(errors, []);
    await page.close();
  });
}
