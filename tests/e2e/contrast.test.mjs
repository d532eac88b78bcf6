// Colour contrast in both colour schemes: axe-core's color-contrast rule over the chapter and
// every figure's embed, and — since axe does not look inside SVG — the text the figures draw
// (axis labels, values, heatmap numbers) and their data marks, measured against what lies under
// them. Text needs 4.5:1 (3:1 when large), marks 3:1 (WCAG 1.4.3 and 1.4.11).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { DIST, REPO, useBrowserSuite } from './harness.mjs';

const AXE = path.join(REPO, 'web', 'node_modules', 'axe-core', 'axe.min.js');
const SCHEMES = ['light', 'dark'];
const suite = useBrowserSuite();

const FIGURE_IDS = fs.existsSync(path.join(DIST, 'index.html'))
  ? [...new Set([...fs.readFileSync(path.join(DIST, 'index.html'), 'utf8').matchAll(/<figure\b[^>]*\sdata-figure="([^"]+)"/g)].map((m) => m[1]))]
  : [];

const openSettled = (relative, colorScheme) =>
  suite.openSettled(relative, { colorScheme, prepare: (page) => page.addInitScript({ path: AXE }) });

async function axeContrast(page) {
  return page.evaluate(async () => {
    const result = await window.axe.run(document, { runOnly: { type: 'rule', values: ['color-contrast'] }, resultTypes: ['violations'] });
    return result.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${(n.any[0]?.message ?? n.failureSummary ?? '').replace(/\s+/g, ' ')}`));
  });
}

for (const scheme of SCHEMES) {
  test(`the chapter passes axe color-contrast in the ${scheme} scheme`, async () => {
    const { page, errors } = await openSettled('index.html', scheme);
    assert.equal(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches), scheme === 'dark');
    assert.deepEqual(await axeContrast(page), []);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test(`every figure's embed passes axe color-contrast in the ${scheme} scheme`, async () => {
    const failures = [];
    for (const id of FIGURE_IDS) {
      const { page, errors } = await openSettled(`embed.html?fig=${encodeURIComponent(id)}`, scheme);
      failures.push(...(await axeContrast(page)).map((line) => `${id}: ${line}`), ...errors.map((e) => `${id}: ${e}`));
      await page.close();
    }
    assert.deepEqual(failures, []);
  });

  test(`a formula term's popover of stand-ins passes axe color-contrast in the ${scheme} scheme`, async () => {
    const { page, errors } = await openSettled('index.html', scheme);
    for (const term of ['alpha', 'context']) { // direct stand-ins (lit) and indirect ones (dashed)
      await page.locator(`[data-figure="formula"] .katex [data-term="${term}"]`).click();
      await page.waitForSelector('.term-popover:not([hidden]) .stand-in');
      const violations = await page.evaluate(async () => {
        const result = await window.axe.run('.term-popover', { runOnly: { type: 'rule', values: ['color-contrast'] }, resultTypes: ['violations'] });
        return result.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${(n.any[0]?.message ?? '').replace(/\s+/g, ' ')}`));
      });
      assert.deepEqual(violations, [], term);
      await page.keyboard.press('Escape');
    }
    assert.deepEqual(errors, []);
    await page.close();
  });
}

// In the page: contrast of SVG text and data marks in every figure, against the colour under them
// (the filled shapes of the same SVG under the element's centre, composited over the figure's
// background; a text's halo — paint-order: stroke — counts as its background).
function svgContrast() {
  const parse = (c) => {
    const m = String(c).match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const [r, g, b, a = 1] = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return [r, g, b, a];
  };
  const over = (top, bottom) => top.slice(0, 3).map((v, i) => v * top[3] + bottom[i] * (1 - top[3])).concat(1);
  const luminance = (rgb) => {
    const [r, g, b] = rgb.slice(0, 3).map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const pageBackground = (node) => {
    let colour = [255, 255, 255, 1];
    const chain = [];
    for (let n = node; n && n.nodeType === 1; n = n.parentElement) chain.push(n);
    for (const n of chain.reverse()) {
      const c = parse(getComputedStyle(n).backgroundColor);
      if (c && c[3] > 0) colour = over(c, colour);
    }
    return colour;
  };
  const opacityOf = (node, svg) => {
    let o = 1;
    for (let n = node; n && n !== svg.parentElement; n = n.parentElement) o *= Number(getComputedStyle(n).opacity);
    return o;
  };
  const fillOf = (node, svg) => {
    const s = getComputedStyle(node);
    const c = parse(s.fill);
    if (!c) return null;
    c[3] *= Number(s.fillOpacity) * opacityOf(node, svg);
    return c;
  };
  // The colour under a point of an SVG: its shapes (not text) that contain the point, bottom up.
  const under = (svg, x, y, self) => {
    let colour = pageBackground(svg);
    const stack = document.elementsFromPoint(x, y).filter((n) => n !== self && svg.contains(n) && n !== svg
      && !(n instanceof SVGTextElement) && !n.closest('text') && n instanceof SVGGeometryElement).reverse();
    for (const n of stack) {
      const fill = fillOf(n, svg);
      if (fill && fill[3] > 0) colour = over(fill, colour);
    }
    return colour;
  };
  const out = [];
  for (const slot of document.querySelectorAll('[data-figure][data-state="ready"]')) {
    const id = slot.dataset.figure;
    for (const svg of slot.querySelectorAll('svg')) {
      if (svg.closest('.katex') || svg.parentElement.closest('svg')) continue;
      for (const text of svg.querySelectorAll('text')) {
        if (!text.textContent.trim()) continue;
        const box = text.getBoundingClientRect();
        if (!box.width || !box.height || getComputedStyle(text).visibility === 'hidden' || getComputedStyle(text).display === 'none') continue;
        const fill = fillOf(text, svg);
        if (!fill || fill[3] === 0) continue;
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) continue; // measured once scrolled into view
        // A halo (paint-order: stroke in the panel colour) is the text's own background.
        const t = getComputedStyle(text);
        const halo = /^stroke/.test(t.paintOrder) && parseFloat(t.strokeWidth) >= 2 ? parse(t.stroke) : null;
        if (halo) halo[3] *= Number(t.strokeOpacity) * opacityOf(text, svg);
        const background = halo && halo[3] >= 0.9 ? over(halo, under(svg, x, y, text)) : under(svg, x, y, text);
        const size = parseFloat(getComputedStyle(text).fontSize);
        const bold = Number(getComputedStyle(text).fontWeight) >= 700;
        const need = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
        const r = ratio(over(fill, background), background);
        if (r < need) out.push(`${id}: text "${text.textContent.trim().slice(0, 20)}" (${text.getAttribute('class') ?? 'no class'}) ${r.toFixed(2)}:1 < ${need}:1`);
      }
      for (const mark of svg.querySelectorAll('rect.bar, circle.dot, path.line, path.curve')) {
        const box = mark.getBoundingClientRect();
        if (box.width < 1 && box.height < 1) continue;
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) continue;
        const s = getComputedStyle(mark);
        const paint = mark.tagName === 'path' && s.fill === 'none' ? parse(s.stroke) : fillOf(mark, svg);
        if (!paint || paint[3] === 0) continue;
        if (mark.tagName === 'path' && s.fill === 'none') paint[3] *= Number(s.strokeOpacity) * opacityOf(mark, svg);
        const background = pageBackground(svg);
        const r = ratio(over(paint, background), background);
        if (r < 3) out.push(`${id}: mark ${mark.tagName}.${(mark.getAttribute('class') ?? '').replace(/\s+/g, '.')} ${r.toFixed(2)}:1 < 3:1`);
      }
    }
  }
  return out;
}

for (const scheme of SCHEMES) {
  test(`the figures' SVG text and data marks have enough contrast in the ${scheme} scheme`, async () => {
    const { page } = await openSettled('index.html', scheme);
    const failures = new Set();
    const ids = await page.$$eval('[data-figure][data-state="ready"]', (slots) => slots.map((s) => s.dataset.figure));
    for (const id of new Set(ids)) {
      // Each figure is measured in view: elementsFromPoint only sees what is on screen.
      const slot = page.locator(`[data-figure="${id}"]`).first();
      const height = (await slot.boundingBox())?.height ?? 0;
      for (let offset = 0; offset < Math.max(1, height); offset += 800) {
        await slot.evaluate((node, top) => window.scrollTo(0, node.getBoundingClientRect().top + window.scrollY + top - 40), offset);
        for (const line of await page.evaluate(svgContrast)) if (line.startsWith(`${id}:`)) failures.add(line);
      }
    }
    assert.deepEqual([...failures], []);
    await page.close();
  });
}
