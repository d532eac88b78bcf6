// Shared harness for the browser tests: a static server on 127.0.0.1 (free port), Debian's
// Chromium driven by playwright-core (never a downloaded browser), console-error collection and
// screenshots. A figure's test file needs only:
//
//   import { test } from 'node:test';
//   import { useBrowserSuite } from './harness.mjs';
//   const suite = useBrowserSuite();
//   test('…', async () => { const { page, errors } = await suite.open('index.html#foo.x=1'); … });
//
// dist/ must be built first: node web/build.mjs (ATTN_DIST=dir for a build of one's own)
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { createStaticServer, listen } from '../../web/serve.mjs';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DIST = path.resolve(REPO, process.env.ATTN_DIST ?? 'dist'); // as web/build.mjs
export const SCREENSHOT_DIR = path.join(REPO, 'tests', 'e2e', 'screenshots');

// playwright-core is installed under web/ (npm ci --prefix web), not at the repo root.
export const { chromium } = createRequire(path.join(REPO, 'web', 'package.json'))('playwright-core');

export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export function assertBuilt() {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) {
    throw new Error(`dist/index.html is missing: run "node web/build.mjs" before the browser tests`);
  }
}

// Serves `root` (default dist/) on 127.0.0.1 at a free port. Returns {url, close()}.
// cors: false serves without Access-Control-Allow-Origin.
export async function startServer({ root = DIST, handler, headers, cors } = {}) {
  const server = handler ? (await import('node:http')).createServer(handler) : createStaticServer(root, { headers, cors });
  const { url } = await listen(server, 0);
  return { url, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

// One Chromium per test file. Returns {context, close()}. contextOptions: more of Playwright's
// context options (e.g. {javaScriptEnabled: false}).
export async function launchBrowser(contextOptions = {}) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'attn-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
    locale: 'zh-CN',
    ...contextOptions,
  });
  return {
    context,
    close: async () => {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

// Opens a page and records everything that went wrong on it: console errors, uncaught
// exceptions and failed or 4xx/5xx requests. Returns {page, errors}.
export async function openPage(context, url, { width = 1280, height = 900, colorScheme = 'light', waitFor = 'load' } = {}) {
  const page = await context.newPage();
  const errors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('requestfailed', (request) => errors.push(`requestfailed: ${request.url()} ${request.failure()?.errorText}`));
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`http ${response.status()}: ${response.url()}`);
  });
  await page.setViewportSize({ width, height });
  await page.emulateMedia({ colorScheme });
  await page.goto(url, { waitUntil: waitFor });
  return { page, errors };
}

// Waits until the figure's slot says it is drawn (data-state="ready") or has failed, and the
// chapter is laid out (section-layout.js: until then, the sections and figures far from the
// viewport stand at estimated heights, and a scroll to a control computed from them misses it).
export async function waitForFigure(page, id, { state = 'ready', timeout = 15000 } = {}) {
  const selector = `[data-figure="${id}"][data-state="${state}"]`;
  await page.waitForSelector(selector, { timeout });
  await waitForLayout(page, timeout);
  return page.locator(selector);
}

// Holds back every response whose URL matches `pattern` for `ms`, so that a test can tell what
// the page asks for before that file arrives. Returns () => when the first was let through
// (Date.now(); null until then).
export async function holdBack(page, pattern, ms = 1000) {
  let deliveredAt = null;
  await page.route(pattern, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    deliveredAt ??= Date.now();
    await route.continue();
  });
  return () => deliveredAt;
}

// Every figure slot of the page has settled: drawn, failed, or not yet written (todo).
export function waitForFiguresSettled(page, timeout = 60000) {
  return page.waitForFunction(() => {
    const slots = [...document.querySelectorAll('[data-figure]')];
    return slots.length > 0 && slots.every((s) => ['ready', 'error', 'todo'].includes(s.dataset.state));
  }, null, { timeout });
}

export function waitForLayout(page, timeout = 15000) {
  // The page says when (data-layout="complete"); a page without chapter sections has nothing to lay out.
  return page.waitForFunction(() => document.documentElement.dataset.layout === 'complete' || !document.querySelector('.chapter-section'), null, { timeout });
}

export async function screenshot(page, name, { fullPage = true, locator } = {}) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await (locator ?? page).screenshot({ path: file, ...(locator ? {} : { fullPage }) });
  return file;
}

// True when the document is wider than the viewport (a horizontal scroll bar on a phone).
export function hasHorizontalScroll(page) {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 0.5);
}

// Registers before/after hooks that start one server and one browser for the file.
// suite.open(relativeUrl, options) opens a page on that server.
export function useBrowserSuite({ root, contextOptions } = {}) {
  const suite = { server: null, browser: null, url: null };
  before(async () => {
    assertBuilt();
    suite.server = await startServer({ root });
    suite.url = suite.server.url;
    suite.browser = await launchBrowser(contextOptions);
  });
  after(async () => {
    await suite.browser?.close();
    await suite.server?.close();
  });
  suite.open = (relative, options) => openPage(suite.browser.context, new URL(relative, suite.url).href, options);
  // Opens a page once every figure slot has settled (drawn, failed or not built), with folded
  // content (<details>) open so that it is checked too. prepare(page) runs before navigation
  // (an init script, emulated media).
  suite.openSettled = async (relative, { prepare, ...options } = {}) => {
    const { page, errors } = await suite.open('about:blank', options);
    if (prepare) await prepare(page);
    await page.goto(new URL(relative, suite.url).href);
    await waitForFiguresSettled(page);
    await waitForLayout(page);
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => { d.open = true; }));
    return { page, errors };
  };
  // Opens `relative` at a size and colour scheme, waits for figure `id` and the fonts, and
  // scrolls the figure to the top of the viewport: ready to be checked and photographed.
  suite.openAtFigure = async (relative, id, options) => {
    const opened = await suite.open(relative, options);
    await waitForFigure(opened.page, id);
    await scrollToFigure(opened.page, `[data-figure="${id}"]`);
    return opened;
  };
  return suite;
}

// Scrolls the locator's element into view and waits until a frame has drawn it there, as a reader
// sees it before pressing it: a figure far from the view is skipped (content-visibility: auto,
// section-layout.js) and is drawn only in the frame after it comes near, so a raw mouse press
// sent at once would land on the figure's empty box, and innerText would read no layout.
export async function scrollIntoViewAndDraw(locator) {
  await locator.scrollIntoViewIfNeeded();
  await locator.page().evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

// Waits for the fonts, then scrolls the element to 70 px below the top of the viewport.
export async function scrollToFigure(page, selector) {
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate((sel) => window.scrollTo(0, document.querySelector(sel).getBoundingClientRect().top + window.scrollY - 70), selector);
}

// The figure's <svg> box is no wider than its slot.
export async function assertSvgFitsSlot(page, figureSelector) {
  const svgWidth = await page.locator(`${figureSelector} .chart svg`).evaluate((svg) => svg.getBoundingClientRect().width);
  const mountWidth = await page.locator(`${figureSelector} .figure-mount`).evaluate((el) => el.clientWidth);
  assert.ok(svgWidth <= mountWidth + 0.5, `svg ${svgWidth} px in a ${mountWidth} px slot`);
}

// Everything drawn in the figure's <svg> (text included) lies inside its slot.
export async function assertDrawingFitsSlot(page, figureSelector) {
  const drawn = await page.locator(`${figureSelector} .chart svg`).evaluate((svg) => { const b = svg.getBBox(); return { x: b.x, width: b.width }; });
  const mountWidth = await page.locator(`${figureSelector} .figure-mount`).evaluate((el) => el.clientWidth);
  assert.ok(drawn.x >= -0.5 && drawn.x + drawn.width <= mountWidth + 0.5, `drawing ${drawn.x}…${drawn.x + drawn.width} px in a ${mountWidth} px slot`);
}

// What the core itself returns for (id, params), computed by a second core instance in the
// page (same build, same browser), typed arrays turned into plain arrays. For comparing what a
// figure draws with the numbers it was given.
export function coreFigure(page, id, params = {}) {
  return page.evaluate(async ([figureId, figureParams]) => {
    if (!window.testCore) {
      const { default: createAttnCore } = await import(new URL('attn_core.mjs', document.baseURI).href);
      window.testCore = await createAttnCore();
    }
    const result = window.testCore.figure(figureId, figureParams);
    return JSON.parse(JSON.stringify(result, (_, v) => (ArrayBuffer.isView(v) ? Array.from(v) : v)));
  }, [id, params]);
}

// The y pixel (inside the plot) of a value on a LogChart's log axis, read from two labelled ticks.
export function logAxisMapping(page, figureSelector) {
  return page.evaluate((selector) => {
    const offset = window.devicePixelRatio > 1 ? 0 : 0.5; // d3-axis shifts ticks for crisp lines
    const ticks = [...document.querySelectorAll(`${selector} .axis-y .tick`)].map((tick) => ({
      value: Number(tick.__data__),
      y: tick.transform.baseVal.consolidate().matrix.f - offset,
    }));
    const [a, b] = [ticks[0], ticks.at(-1)];
    return { a: { log: Math.log10(a.value), y: a.y }, b: { log: Math.log10(b.value), y: b.y } };
  }, figureSelector);
}

export function logToY({ a, b }, value) {
  return a.y + ((Math.log10(value) - a.log) * (b.y - a.y)) / (b.log - a.log);
}

// Elements of a figure that reach past the figure's own box (which would widen the page on a
// phone); content that scrolls inside its own wrapper does not count. Checked on the figure, not
// the page, so another figure's overflow does not fail this one.
export function overflowingElements(page, figureSelector) {
  return page.locator(figureSelector).evaluate((figure) => {
    const box = figure.getBoundingClientRect();
    return [...figure.querySelectorAll('*')]
      .filter((node) => !node.closest('.chart-scroll, pre, .katex'))
      .filter((node) => {
        const r = node.getBoundingClientRect();
        return r.width > 0 && (r.right > box.right + 0.5 || r.left < box.left - 0.5);
      })
      .slice(0, 5)
      .map((node) => `${node.tagName}.${node.getAttribute('class') ?? ''}`);
  });
}
