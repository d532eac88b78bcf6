// The page benchmark's browser and server: dist/ served on 127.0.0.1 at a free port by the
// project's own static server, and Debian's Chromium (never a downloaded one) in a fresh profile,
// so every launch starts with an empty HTTP cache and an empty V8/WASM code cache.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DIST = path.join(REPO, 'dist');

const { chromium } = createRequire(path.join(REPO, 'web', 'package.json'))('playwright-core');

const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  // performance.memory in exact bytes rather than coarse buckets (the memory run reads it too)
  '--enable-precise-memory-info',
];

export function assertBuilt(root = DIST) {
  for (const file of ['index.html', 'embed.html', 'attn_core.mjs', 'attn_core.wasm']) {
    if (!fs.existsSync(path.join(root, file))) throw new Error(`${path.join(root, file)} is missing: run ./build.sh build first`);
  }
}

// Serves root on 127.0.0.1:<free port>. Returns {url, close()}.
export async function startServer(root = DIST) {
  const { createStaticServer, listen } = await import(path.join(REPO, 'web', 'serve.mjs'));
  const server = createStaticServer(root);
  const { url } = await listen(server, 0);
  return { url, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

// A Chromium with a brand-new profile directory; `mobile`: a phone's viewport (its meta tag
// honoured) and touch events. Returns {context, version, close()}.
export async function launchFresh({ width = 1280, height = 900, mobile = false } = {}) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'attn-bench-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    viewport: { width, height },
    isMobile: mobile,
    hasTouch: mobile,
    locale: 'zh-CN',
  });
  const version = context.browser()?.version() ?? (await versionOf(context));
  return {
    context,
    version,
    close: async () => {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

// Slows the page's CPU `rate` times, as Lighthouse's mobile run does (DevTools' CPU throttling;
// it stays with the page across its navigations).
export async function slowCpu(page, rate) {
  if (rate <= 1) return;
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate });
}

async function versionOf(context) {
  const page = context.pages()[0] ?? (await context.newPage());
  return page.evaluate(() => navigator.userAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? 'unknown');
}

// Collects uncaught exceptions and console errors of a page (a benchmark of a broken page is void).
export function watchErrors(page) {
  const errors = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}

// Resolves once `expression` (JavaScript, evaluated in the page) is true, checked there every
// 20 ms; asked over the DevTools protocol (cdp: a CDP session of the page). Playwright's
// waitForFunction would first inject its own script into the page: ~20 ms of the page's thread,
// in the middle of a cold load the bench is timing.
export async function waitInPage(cdp, expression, timeoutMs = 60000) {
  const { exceptionDetails } = await cdp.send('Runtime.evaluate', {
    expression: `new Promise((resolve, reject) => {
      const until = performance.now() + ${timeoutMs};
      const check = () => {
        if (${expression}) resolve(true);
        else if (performance.now() > until) reject(new Error('not true after ${timeoutMs} ms'));
        else setTimeout(check, 20);
      };
      check();
    })`,
    awaitPromise: true,
    returnByValue: true,
  });
  if (exceptionDetails) throw new Error(`waiting in the page for ${expression}: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
}

// Waits until every [data-figure] slot has settled (ready, error or not built yet)
export async function waitForAllFigures(page, timeout = 60000) {
  await page.waitForFunction(() => {
    const slots = [...document.querySelectorAll('[data-figure]')];
    // and the chapter laid out (web/js/lib/section-layout.js), so that no move waits on it
    return slots.length > 0 && slots.every((s) => ['ready', 'error', 'todo'].includes(s.dataset.state))
      && (document.documentElement.dataset.layout === 'complete' || !document.querySelector('.chapter-section'));
  }, null, { timeout, polling: 50 });
  return page.evaluate(() => [...document.querySelectorAll('[data-figure]')].map((s) => ({ id: s.dataset.figure, state: s.dataset.state })));
}

// Resolves once the page's thread has been quiet for `quietMs`: every idle callback in that
// time was given (nearly) a whole idle period, so no task, frame or idle work of the page's ran
// between them. What a scroll brings into view (blocks drawn for the first time, a panel fetched
// as it nears) and the page's own idle work after a load or a move (the chapter settling, figures
// preparing their next states) are then done, and a move timed next is timed alone.
// Resolves to false when the page was not quiet within timeoutMs (the move is timed anyway).
export function waitForQuiet(page, { quietMs = 300, timeoutMs = 10000 } = {}) {
  return page.evaluate(([quiet, timeout]) => new Promise((resolve) => {
    const WHOLE = 40; // ms of an idle period's 50 that count as a whole one
    const until = performance.now() + timeout;
    let since = performance.now();
    const check = (deadline) => {
      const now = performance.now();
      if (deadline.timeRemaining() < WHOLE) since = now;
      if (now - since >= quiet) resolve(true);
      else if (now > until) resolve(false);
      else requestIdleCallback(check);
    };
    requestIdleCallback(check);
  }), [quietMs, timeoutMs]);
}

// Figures whose content starts folded away (<details>) are opened, so their controls can be used.
export function openFoldedFigures(page) {
  return page.evaluate(() => {
    for (const slot of document.querySelectorAll('[data-figure]')) {
      const details = slot.closest('details');
      if (details) details.open = true;
    }
  });
}

// Serves attn_core.mjs through a small wrapper module (bench only; the page's code is untouched):
// the core instance the page creates is handed to window.__attnCore, and its figure() and
// figureAtOnce() calls (a move's, figure-handle.js) are timed into window.__coreMs /
// window.__coreCalls, so a move's script time splits into the core's share and the drawing's.
const CORE_WRAPPER = `import factory from './attn_core.mjs?bench-original';
export default async function createAttnCore(...args) {
  const core = await factory(...args);
  window.__attnCore = core;
  window.__coreMs = 0;
  window.__coreCalls = 0;
  for (const name of ['figure', 'figureAtOnce']) {
    const compute = core[name];
    core[name] = function timedFigure(...a) {
      const start = performance.now();
      try { return compute.apply(this, a); } finally { window.__coreMs += performance.now() - start; window.__coreCalls += 1; }
    };
  }
  return core;
}
`;

export async function routeCoreThroughWrapper(page) {
  await page.route(/\/attn_core\.mjs(\?.*)?$/, (route) => {
    if (new URL(route.request().url()).search.includes('bench-original')) return route.continue();
    return route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: CORE_WRAPPER });
  });
}
