// Accessibility of the chapter and of every figure's embed: axe-core finds no serious or critical
// violation; every control is reached with Tab, shows a visible focus indicator and works from the
// keyboard. (Text alternatives: text-alternatives.test.mjs; colour contrast in both schemes:
// contrast.test.mjs; prefers-reduced-motion: reduced-motion.test.mjs.)
// axe-core comes from web/node_modules (npm ci --prefix web) and is injected as an init script,
// which the page's Content Security Policy does not apply to.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { DIST, REPO, useBrowserSuite } from './harness.mjs';

const AXE = path.join(REPO, 'web', 'node_modules', 'axe-core', 'axe.min.js');
const suite = useBrowserSuite();

// The figure ids of the chapter, read from the built page (one test per embed).
const FIGURE_IDS = fs.existsSync(path.join(DIST, 'index.html'))
  ? [...new Set([...fs.readFileSync(path.join(DIST, 'index.html'), 'utf8').matchAll(/<figure\b[^>]*\sdata-figure="([^"]+)"/g)].map((m) => m[1]))]
  : [];

// axe-core is injected as an init script, which the page's Content Security Policy does not apply to.
const openSettled = (relative, options = {}) =>
  suite.openSettled(relative, { ...options, prepare: (page) => page.addInitScript({ path: AXE }) });

// axe over the document; the serious and critical violations, one line per node.
async function seriousViolations(page, runOptions = {}) {
  const violations = await page.evaluate(async (options) => {
    const result = await window.axe.run(document, { resultTypes: ['violations'], ...options });
    return result.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')} — ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240)}`),
    }));
  }, runOptions);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.slice(0, 8).map((n) => `[${v.impact}] ${v.id} (${v.help}): ${n}`));
}

test('the chapter has no serious or critical axe violation', async () => {
  const { page, errors } = await openSettled('index.html');
  assert.deepEqual(await seriousViolations(page), []);
  assert.deepEqual(errors, []);
  await page.close();
});

for (const id of FIGURE_IDS) {
  test(`embed of ${id} has no serious or critical axe violation`, async () => {
    const { page, errors } = await openSettled(`embed.html?fig=${encodeURIComponent(id)}`);
    assert.notEqual(await page.locator(`[data-figure="${id}"]`).getAttribute('data-state'), 'error', `${id} failed to draw`);
    assert.deepEqual(await seriousViolations(page), []);
    assert.deepEqual(errors, []);
    await page.close();
  });
}

// In the page: one key per tab stop of a figure — a radio group (native or ARIA) is one stop.
function stopKey(el, slot) {
  if (el.type === 'radio') return `radio:${el.name}`;
  if (el.getAttribute('role') === 'radio') return `radiogroup:${[...slot.querySelectorAll('[role="radiogroup"]')].indexOf(el.closest('[role="radiogroup"]'))}`;
  // A formula term by its place among the slot's terms (a figure that draws more later, such as
  // scorers' learned alignment, shifts the position of everything after it).
  if (el.matches('.katex [data-term]')) return `term:${el.dataset.term}@${[...slot.querySelectorAll('.katex [data-term]')].indexOf(el)}`;
  // Classes change with state (a focused term is lit): the first class and the position name it.
  const tag = el.tagName.toLowerCase();
  const first = el.classList[0] ? `.${el.classList[0]}` : '';
  return el.id ? `${tag}#${el.id}` : `${tag}${first}@${[...slot.querySelectorAll('*')].indexOf(el)}`;
}

// In the page: what the focused element shows. The indicator may sit on the element itself or,
// for a control drawn over its input (a segmented radio's <span>), on the next sibling or parent.
function focusReport() {
  const el = document.activeElement;
  const slot = el?.closest?.('[data-figure]') ?? el?.closest?.('.term-popover');
  if (!el || !slot) return { inSlot: null };
  const parse = (c) => (c.match(/[\d.]+/g) ?? []).map(Number);
  const luminance = (rgb) => {
    const [r, g, b] = rgb.slice(0, 3).map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const background = (node) => {
    for (let n = node; n; n = n.parentElement) {
      const c = parse(getComputedStyle(n).backgroundColor);
      if (c.length >= 3 && (c.length < 4 || c[3] > 0.9)) return c;
    }
    return matchMedia('(prefers-color-scheme: dark)').matches ? [0, 0, 0] : [255, 255, 255];
  };
  const ratio = (a, b) => {
    const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const indicator = (node) => {
    if (!node) return null;
    const s = getComputedStyle(node);
    const width = parseFloat(s.outlineWidth);
    const colour = parse(s.outlineColor);
    if (s.outlineStyle !== 'none' && width >= 2 && (colour.length < 4 || colour[3] > 0.5)) {
      return { kind: 'outline', width, contrast: ratio(colour, background(node.parentElement ?? node)) };
    }
    if (s.boxShadow && s.boxShadow !== 'none') return { kind: 'box-shadow', contrast: null };
    return null;
  };
  return {
    inSlot: slot.dataset.figure ?? 'popover',
    key: window.__stopKey(el, slot),
    focusVisible: el.matches(':focus-visible'),
    indicator: [el, el.nextElementSibling, el.parentElement].map(indicator).find(Boolean) ?? null,
  };
}

// In the page: the tab stops a figure must offer (every visible control, radio groups once).
function expectedStops(id) {
  const slot = document.querySelector(`[data-figure="${CSS.escape(id)}"]`);
  const keys = new Set();
  for (const n of slot.querySelectorAll('input, button, textarea, select, [role="radio"], [tabindex="0"]')) {
    if (n.disabled || n.closest('[hidden]') || !n.checkVisibility({ visibilityProperty: true })) continue;
    if (n.type === 'radio' || n.getAttribute('role') === 'radio' || n.tabIndex >= 0) keys.add(window.__stopKey(n, slot));
  }
  return [...keys];
}

test('every control of every figure is reached with Tab and shows a visible focus', async () => {
  const { page, errors } = await openSettled('index.html');
  await page.evaluate(`window.__stopKey = ${stopKey.toString()}`);
  const ids = await page.$$eval('[data-figure][data-state="ready"]', (slots) => [...new Set(slots.map((s) => s.dataset.figure))]);
  assert.ok(ids.length > 0);
  const problems = [];
  for (const id of ids) {
    // Start just before the figure, then Tab through it as a keyboard user does.
    await page.evaluate((figureId) => {
      const marker = document.createElement('span');
      marker.tabIndex = -1;
      marker.className = 'a11y-test-start';
      document.querySelector(`[data-figure="${CSS.escape(figureId)}"]`).before(marker);
      marker.focus();
    }, id);
    const reached = new Set();
    for (let i = 0; i < 300; i += 1) {
      await page.keyboard.press('Tab');
      const r = await page.evaluate(focusReport);
      // A formula term's popover of stand-ins: Tab passes through it and on to what follows the term.
      if (r.inSlot === 'popover') r.key = `popover ${r.key}`;
      if (r.inSlot !== id && r.inSlot !== 'popover') {
        if (reached.size || i > 3) break; // left the figure (or never entered it)
        continue;
      }
      if (reached.has(r.key)) continue;
      reached.add(r.key);
      if (!r.focusVisible) problems.push(`${id}: ${r.key} is focused by Tab but does not match :focus-visible`);
      if (!r.indicator) problems.push(`${id}: ${r.key} shows no focus indicator (no outline of 2 px or more, no box-shadow)`);
      else if (r.indicator.contrast !== null && r.indicator.contrast < 3) problems.push(`${id}: ${r.key}: focus outline contrast ${r.indicator.contrast.toFixed(2)} < 3`);
    }
    await page.evaluate(() => document.querySelector('.a11y-test-start')?.remove());
    await page.keyboard.press('Escape');
    for (const key of await page.evaluate(expectedStops, id)) {
      if (!reached.has(key)) problems.push(`${id}: ${key} is never reached with Tab`);
    }
  }
  assert.deepEqual(problems, []);
  assert.deepEqual(errors, []);
  await page.close();
});

// In the page: a fingerprint of what a figure shows (its drawing, its readouts, its description).
function fingerprint(id) {
  const slot = document.querySelector(`[data-figure="${CSS.escape(id)}"]`);
  return `${slot.dataset.state}|${slot.querySelector('.figure-mount')?.innerHTML ?? ''}|${slot.querySelector('.figure-description')?.textContent ?? ''}`;
}

test('every slider, number box and choice works from the keyboard and redraws its figure', async () => {
  const { page, errors } = await openSettled('index.html');
  const controls = await page.evaluate(() => {
    const out = [];
    for (const slot of document.querySelectorAll('[data-figure][data-state="ready"]')) {
      const id = slot.dataset.figure;
      slot.querySelectorAll('input[type="range"], input[type="number"]').forEach((n) => out.push({ id, kind: n.type, selector: `#${CSS.escape(n.id)}` }));
      for (const name of new Set([...slot.querySelectorAll('input[type="radio"]')].map((r) => r.name))) {
        out.push({ id, kind: 'radio', selector: `[data-figure="${id}"] input[type="radio"][name="${name}"]:checked` });
      }
      slot.querySelectorAll('[role="radiogroup"]').forEach((g, i) => out.push({ id, kind: 'radiogroup', selector: `[data-figure="${id}"] [role="radiogroup"] >> nth=${i} >> [aria-checked="true"]` }));
    }
    return out;
  });
  assert.ok(controls.length > 0);
  const problems = [];
  for (const control of controls) {
    const target = page.locator(control.selector).first();
    await target.focus();
    const before = await page.evaluate(fingerprint, control.id);
    const atMax = control.kind === 'range' || control.kind === 'number'
      ? await target.evaluate((n) => Number(n.value) >= Number(n.max)) : false;
    await page.keyboard.press(control.kind === 'number' ? (atMax ? 'ArrowDown' : 'ArrowUp') : atMax ? 'ArrowLeft' : 'ArrowRight');
    try {
      await page.waitForFunction(([id, was]) => {
        const slot = document.querySelector(`[data-figure="${CSS.escape(id)}"]`);
        const now = `${slot.dataset.state}|${slot.querySelector('.figure-mount')?.innerHTML ?? ''}|${slot.querySelector('.figure-description')?.textContent ?? ''}`;
        return now !== was;
      }, [control.id, before], { timeout: 5000 });
    } catch {
      problems.push(`${control.id}: ${control.kind} ${control.selector} did not redraw after an arrow key`);
    }
    const state = await page.locator(`[data-figure="${control.id}"]`).first().getAttribute('data-state');
    if (state !== 'ready') problems.push(`${control.id}: ${control.selector} left the figure in state ${state}`);
  }
  assert.deepEqual(problems, []);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the figures\' own buttons work from the keyboard, and every role="button" answers Enter and Space', async () => {
  const { page, errors } = await openSettled('index.html');
  const problems = [];
  // Native buttons that change the drawing: Enter and Space redraw. (The legend's pins are left
  // out: while a pin has focus its term is lit by the focus already, so pinning shows nothing new;
  // the jump buttons move the focus elsewhere.)
  const buttons = await page.evaluate(() => [...document.querySelectorAll('[data-figure][data-state="ready"] .figure-mount button:not([role="radio"]):not(.formula-jump):not(.legend-pin)')]
    .map((b) => ({ id: b.closest('[data-figure]').dataset.figure, first: b.classList[0] })));
  for (const key of ['Enter', 'Space']) {
    for (const { id, first } of buttons) {
      const button = page.locator(`[data-figure="${id}"] .figure-mount button${first ? `.${first}` : ''}`).first();
      await button.focus();
      const before = await page.evaluate(fingerprint, id);
      await page.keyboard.press(key);
      try {
        await page.waitForFunction(([figure, was]) => {
          const slot = document.querySelector(`[data-figure="${CSS.escape(figure)}"]`);
          return `${slot.dataset.state}|${slot.querySelector('.figure-mount')?.innerHTML ?? ''}|${slot.querySelector('.figure-description')?.textContent ?? ''}` !== was;
        }, [id, before], { timeout: 5000 });
      } catch {
        problems.push(`${id}: button .${first} did nothing on ${key}`);
      }
      if (first === 'decoder-play') await page.keyboard.press(key); // pause the player again
    }
  }
  // Anything else that says it is a button (the formula terms) must act on Enter and Space.
  const custom = await page.locator('[role="button"]:not(button)').all();
  for (const [i, element] of custom.entries()) {
    if (!(await element.isVisible())) continue;
    await element.focus();
    await element.evaluate((n) => {
      n.__clicks = 0;
      n.addEventListener('click', () => { n.__clicks += 1; });
    });
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    const clicks = await element.evaluate((n) => n.__clicks);
    if (clicks !== 2) problems.push(`role="button" #${i} (${await element.evaluate((n) => n.outerHTML.slice(0, 80))}) answered ${clicks} of Enter and Space`);
  }
  assert.deepEqual(problems, []);
  assert.deepEqual(errors, []);
  await page.close();
});
