// prefers-reduced-motion: reduce is honoured. No CSS transition or animation on the figures lasts
// longer than ~0; jumping to a control scrolls at once rather than smoothly; the decoder's 播放
// advances whole decoding steps (no line-by-line stepping through the code) with nothing animated.
// Without it, a figure's move still ends in the frame that shows it: nothing in a figure eases
// its size or place (each frame of such a transition lays the figure out again), and the light
// of a formula term and its controls comes on at once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowserSuite } from './harness.mjs';

const suite = useBrowserSuite();
const LONGEST_MS = 10; // "~0": the usual reduced-motion override sets 0.01 ms, so transitionend still fires

const openReduced = (relative, reducedMotion = 'reduce') =>
  suite.openSettled(relative, { prepare: (page) => page.emulateMedia({ reducedMotion }) });

// In the page: every element of the figures (and their formula terms) whose transitions or
// animations last longer than `limit` ms, and every animation running now.
function longMotion(limit) {
  const seconds = (list) => Math.max(0, ...String(list).split(',').map((t) => parseFloat(t) * (t.trim().endsWith('ms') ? 0.001 : 1) || 0));
  const out = [];
  const scope = [...document.querySelectorAll('[data-figure], .katex [data-term], .math-linked')];
  const seen = new Set();
  for (const root of scope) {
    for (const el of [root, ...root.querySelectorAll('*')]) {
      if (seen.has(el)) continue;
      seen.add(el);
      for (const pseudo of [null, '::before', '::after']) {
        const s = getComputedStyle(el, pseudo);
        const transition = s.transitionProperty !== 'none' ? seconds(s.transitionDuration) + seconds(s.transitionDelay) : 0;
        const animation = s.animationName !== 'none' ? seconds(s.animationDuration) * (s.animationIterationCount === 'infinite' ? Infinity : Number(s.animationIterationCount) || 1) : 0;
        const longest = Math.max(transition, animation) * 1000;
        if (longest > limit) {
          const name = `${el.tagName.toLowerCase()}${el.getAttribute('class') ? `.${el.getAttribute('class').trim().split(/\s+/).join('.')}` : ''}${pseudo ?? ''}`;
          out.push(`${el.closest('[data-figure]')?.dataset.figure ?? 'formula'}: ${name} ${transition ? `transition ${s.transitionProperty} ${s.transitionDuration}` : ''}${animation ? ` animation ${s.animationName} ${s.animationDuration}` : ''}`);
        }
      }
    }
  }
  for (const animation of document.getAnimations()) {
    const duration = Number(animation.effect?.getComputedTiming().endTime ?? 0);
    if (duration > limit) out.push(`running: ${animation.constructor.name} ${animation.animationName ?? animation.transitionProperty ?? ''} on ${animation.effect?.target?.tagName?.toLowerCase()} (${duration} ms)`);
  }
  return [...new Set(out)];
}

test('with reduced motion, no transition or animation on the figures lasts longer than ~0', async () => {
  const { page, errors } = await openReduced('index.html');
  assert.equal(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches), true);
  // Move one control of every figure (and hover a formula term) so any transition would start now.
  await page.evaluate(() => {
    for (const slot of document.querySelectorAll('[data-figure][data-state="ready"]')) {
      const range = slot.querySelector('input[type="range"]');
      if (range) {
        range.value = String(Number(range.value) >= Number(range.max) ? range.min : range.max);
        range.dispatchEvent(new Event('input', { bubbles: true }));
      }
      slot.querySelector('input[type="radio"]:not(:checked), [role="radio"][aria-checked="false"]')?.click();
    }
  });
  const term = page.locator('.katex [data-term]').first();
  if (await term.count()) await term.hover();
  assert.deepEqual(await page.evaluate(longMotion, LONGEST_MS), []);
  assert.deepEqual(errors, []);
  await page.close();
});

test('without reduced motion, no figure eases its marks\' size or place after a move', async () => {
  const { page, errors } = await openReduced('index.html', 'no-preference');
  // Each figure's first slider moved alone (a second move in the same task could redraw the marks
  // anew, which starts no transition), then the frame after it, when a transition would run.
  const easing = await page.evaluate(async () => {
    const LAYOUT = new Set(['x', 'y', 'width', 'height', 'cx', 'cy', 'r', 'rx', 'ry', 'd', 'x1', 'x2', 'y1', 'y2', 'points',
      'top', 'left', 'right', 'bottom', 'margin', 'padding', 'font-size', 'all']);
    const found = [];
    for (const slot of document.querySelectorAll('[data-figure][data-state="ready"]')) {
      const range = slot.querySelector('input[type="range"]');
      if (!range) continue;
      range.value = String(Number(range.value) >= Number(range.max) ? range.min : range.max);
      range.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
      for (const animation of slot.getAnimations({ subtree: true })) {
        if (LAYOUT.has(animation.transitionProperty)) found.push(`${slot.dataset.figure}: ${animation.transitionProperty} on ${animation.effect.target.tagName.toLowerCase()}.${animation.effect.target.getAttribute('class') ?? ''}`);
      }
    }
    return [...new Set(found)];
  });
  assert.deepEqual(easing, []);
  assert.deepEqual(errors, []);
  await page.close();
});

// The light of a term and of its controls (term-links.js) comes on in the frame that shows it:
// a fade drew several more frames after each change of light, each repainting the page in view.
test('without reduced motion, lighting a term and its controls starts no animation', async () => {
  const { page, errors } = await openReduced('index.html', 'no-preference');
  const term = page.locator('.katex [data-term].term-linked').first();
  await term.scrollIntoViewIfNeeded();
  await term.hover();
  const control = page.locator('[data-figure] .control[data-term] input').first();
  await control.focus();
  const lit = await page.evaluate(() => document.querySelectorAll('.is-lit').length);
  assert.ok(lit >= 2, `the term and the control it changes are lit (${lit} lit)`);
  const running = await page.evaluate(() => document.getAnimations()
    .map((a) => `${a.transitionProperty ?? a.animationName} on ${a.effect?.target?.tagName?.toLowerCase()}.${a.effect?.target?.getAttribute('class') ?? ''}`));
  assert.deepEqual(running, []);
  assert.deepEqual(errors, []);
  await page.close();
});

test('with reduced motion, jumping from the formula legend to a control scrolls at once', async () => {
  const { page, errors } = await openReduced('index.html');
  const jump = page.locator('[data-figure="formula"] button.formula-jump').first();
  if (!(await jump.count())) return; // no formula legend on this page
  await jump.scrollIntoViewIfNeeded();
  const moved = await jump.evaluate((button) => {
    const before = window.scrollY;
    button.click();
    return window.scrollY !== before; // a smooth scroll would not have moved yet
  });
  assert.equal(moved, true, 'the jump should scroll instantly under reduced motion');
  assert.equal(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior), 'auto');
  assert.deepEqual(errors, []);
  await page.close();
});

// In the page: the decoder's status line ("第 k / N 步 · 第 p / P 段：…") as numbers.
function decoderStatus() {
  const text = document.querySelector('[data-figure="decoder"] .decoder-status')?.textContent ?? '';
  const m = text.match(/第\s*(\d+)\s*\/\s*(\d+)\s*步.*?第\s*(\d+)\s*\/\s*(\d+)\s*段/);
  return m ? { step: Number(m[1]), steps: Number(m[2]), phase: Number(m[3]), phases: Number(m[4]), text } : { text };
}

test('with reduced motion, the decoder\'s 播放 advances whole steps and animates nothing', async () => {
  const { page, errors } = await openReduced('index.html');
  const slot = page.locator('[data-figure="decoder"]');
  if (!(await slot.count()) || (await slot.getAttribute('data-state')) !== 'ready') return; // not on this page
  const start = await page.evaluate(decoderStatus);
  assert.ok(start.step, `unreadable status: ${start.text}`);
  // Record every status the player shows.
  await page.evaluate(() => {
    window.__decoderStatuses = [];
    const status = document.querySelector('[data-figure="decoder"] .decoder-status');
    new MutationObserver(() => window.__decoderStatuses.push(status.textContent)).observe(status, { childList: true, characterData: true, subtree: true });
  });
  const play = slot.locator('button.decoder-play');
  await play.click();
  await page.waitForFunction((first) => {
    const text = document.querySelector('[data-figure="decoder"] .decoder-status').textContent;
    return text !== first;
  }, start.text, { timeout: 15000 });
  const during = await page.evaluate(decoderStatus);
  const motion = await page.evaluate(longMotion, LONGEST_MS);
  await play.click(); // pause
  assert.equal(await play.getAttribute('aria-pressed'), 'false');
  const shown = await page.evaluate(() => window.__decoderStatuses);
  assert.ok(during.step > start.step || during.step === 1, `播放 should move to another step: ${start.text} → ${during.text}`);
  for (const text of shown) {
    const m = text.match(/第\s*(\d+)\s*\/\s*(\d+)\s*段/);
    if (m) assert.equal(m[1], m[2], `with reduced motion every shown state is a whole step, not a line group: ${text}`);
  }
  assert.deepEqual(motion, []);
  assert.deepEqual(errors, []);
  await page.close();
});

test('embeds honour reduced motion too', async () => {
  const { page, errors } = await openReduced('embed.html?fig=decoder');
  await page.evaluate(() => {
    const range = document.querySelector('[data-figure] input[type="range"]');
    if (range) {
      range.value = range.max;
      range.dispatchEvent(new Event('input', { bubbles: true }));
    }
  });
  assert.deepEqual(await page.evaluate(longMotion, LONGEST_MS), []);
  assert.deepEqual(errors, []);
  await page.close();
});
