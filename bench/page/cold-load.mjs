// Cold load on 127.0.0.1: a brand-new Chromium profile per run (empty HTTP cache, empty code
// cache), every request counted from the DevTools protocol, paint timings from the page, and the
// moment every figure slot has mounted and drawn (data-state="ready", then the frame after it).
// Sizes: bytes on the wire as served (the project's server sends the build's brotli copies) and
// gzip -9 of each file, which is what any gzip-serving static host would send.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { installLoadProbe } from './probes.mjs';
import { DIST, launchFresh, waitInPage, watchErrors } from './browser.mjs';
import { median } from './stats.mjs';

// gzip -9 of a file in dist/ (null when the URL is not a dist file).
export function gzipSizeOf(file) {
  if (!file || !fs.existsSync(file) || !fs.statSync(file).isFile()) return null;
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

// A freshly launched Chromium spends its first second or so on its own start-up (in some
// launches its omnibox's WebUI loads ~400 chrome:// resources), on the same two cores as the
// page. A reader's browser is already running when they open the chapter, so each cold load
// (and the floor's) lets the new browser settle before it navigates. Its profile, HTTP cache and
// code cache are still empty. Navigating at once put 150–300 ms of the browser's start-up into
// every figure of this benchmark (bench/HISTORY.md, tenth pass).
const BROWSER_SETTLE_MS = 2000;
const settle = () => new Promise((resolve) => setTimeout(resolve, BROWSER_SETTLE_MS));

// Lighthouse's mobile network ("slow 4G") as its DevTools throttling applies it: each request
// waits 562.5 ms (its 150 ms round trip, times 3.75 for the connection's set-up), and the bytes
// come at 1,474.56 Kbps down and 675 up (Lighthouse's Kbps, of 1,024 bits; throughputs in bytes a
// second). A reading of what a reader on a phone's slow connection waits for, where a request
// that waits on another costs a round trip; the budget's cold load is on 127.0.0.1, where it
// costs next to nothing.
const KBPS = 1024 / 8;
export const SLOW_4G = { name: 'slow 4G', latency: 562.5, downloadThroughput: 1474.56 * KBPS, uploadThroughput: 675 * KBPS };
export const asKbps = (bytesPerSecond) => bytesPerSecond / KBPS;

function distFileOf(url, root) {
  const { pathname } = new URL(url);
  const relative = decodeURIComponent(pathname).replace(/^\/+/, '') || 'index.html';
  const file = path.resolve(root, relative.endsWith('/') ? `${relative}index.html` : relative);
  return file.startsWith(root + path.sep) ? file : null;
}

async function oneColdLoad(baseUrl, pagePath, root, network) {
  const browser = await launchFresh();
  try {
    const page = await browser.context.newPage();
    const errors = watchErrors(page);
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    if (network) {
      const { latency, downloadThroughput, uploadThroughput } = network;
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency, downloadThroughput, uploadThroughput });
    }
    const requests = new Map();
    cdp.on('Network.requestWillBeSent', (e) => requests.set(e.requestId, { url: e.request.url, type: e.type }));
    cdp.on('Network.responseReceived', (e) => {
      const r = requests.get(e.requestId);
      if (r) Object.assign(r, { status: e.response.status, fromCache: Boolean(e.response.fromDiskCache || e.response.fromPrefetchCache), type: e.type });
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.transferred = e.encodedDataLength;
    });
    await page.addInitScript(installLoadProbe);
    await settle();
    await page.goto(new URL(pagePath, baseUrl).href, { waitUntil: 'load' });
    await waitInPage(cdp, 'window.__loadProbe && window.__loadProbe.interactive !== null');
    await page.waitForLoadState('networkidle');
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const longTasks = window.__loadProbe.longTasks.filter(([start]) => start <= window.__loadProbe.interactive);
      // The parts of each figure's mount (figure-host.js): its skeleton, then its first draw.
      const parts = performance.getEntriesByType('measure').filter((m) => /^(build|first draw) /.test(m.name));
      const longestPart = parts.reduce((a, m) => (m.duration > (a?.duration ?? -1) ? m : a), null);
      const paint = Object.fromEntries(performance.getEntriesByType('paint').map((p) => [p.name, p.startTime]));
      const resource = (name) => performance.getEntriesByType('resource').find((r) => r.name.endsWith(name))?.responseEnd ?? null;
      return {
        responseEnd: nav.responseEnd,
        domContentLoaded: nav.domContentLoadedEventEnd,
        load: nav.loadEventEnd,
        firstPaint: paint['first-paint'] ?? null,
        firstContentfulPaint: paint['first-contentful-paint'] ?? null,
        wasmFetched: resource('attn_core.wasm'),
        firstFigureReady: window.__loadProbe.firstReady,
        viewportInteractive: window.__loadProbe.viewportInteractive,
        allFiguresReady: window.__loadProbe.allSettled,
        interactive: window.__loadProbe.interactive,
        slots: window.__loadProbe.slots,
        readySlots: window.__loadProbe.ready,
        viewportSlots: window.__loadProbe.viewportSlots,
        longTasks: longTasks.length,
        longestTask: longTasks.length ? Math.max(...longTasks.map(([, d]) => d)) : 0,
        blockingTime: longTasks.reduce((sum, [, d]) => sum + d - 50, 0),
        longestMountPart: longestPart?.duration ?? null,
        longestMountPartName: longestPart?.name ?? null,
      };
    });
    const assets = [...requests.values()]
      .filter((r) => r.url.startsWith('http'))
      .map((r) => {
        const file = distFileOf(r.url, root);
        const bytes = file && fs.existsSync(file) ? fs.statSync(file).size : null;
        return { path: new URL(r.url).pathname, type: r.type, status: r.status, transferred: r.transferred ?? 0, bytes, gzip: gzipSizeOf(file), fromCache: r.fromCache };
      });
    return { timing, assets, errors };
  } finally {
    await browser.close();
  }
}

const sum = (xs) => xs.reduce((a, b) => a + (b ?? 0), 0);

// runs cold loads of pagePath, on `network` when given (SLOW_4G); returns {page, network (as
// given, or null), runs, timing (medians), assets (first run), totals}.
export async function measureColdLoad({ baseUrl, pagePath = 'index.html', runs = 5, root = DIST, network = null, log = () => {} }) {
  const results = [];
  for (let i = 0; i < runs; i += 1) {
    const r = await oneColdLoad(baseUrl, pagePath, root, network);
    log(`  cold load ${pagePath}${network ? ` on ${network.name}` : ''} #${i + 1}: FCP ${r.timing.firstContentfulPaint?.toFixed(0)} ms, figures in view drawn ${r.timing.viewportInteractive?.toFixed(0) ?? '—'} ms (${r.timing.viewportSlots?.join(', ') || 'none'}), all figures drawn ${r.timing.interactive?.toFixed(0)} ms, ${r.assets.length} requests`);
    results.push(r);
  }
  const keys = Object.keys(results[0].timing).filter((k) => typeof results[0].timing[k] === 'number' || results[0].timing[k] === null);
  const values = (k) => results.map((r) => r.timing[k]).filter((x) => typeof x === 'number');
  const timing = Object.fromEntries(keys.map((k) => [k, median(values(k))]));
  timing.viewportSlots = results[0].timing.viewportSlots;
  timing.longestMountPartNames = results.map((r) => r.timing.longestMountPartName);
  // min and max of each time over the runs: how far one cold load can be from the median
  const range = Object.fromEntries(keys.map((k) => [k, values(k).length ? [Math.min(...values(k)), Math.max(...values(k))] : null]));
  const assets = results[0].assets;
  // What a gzip-serving host would send: each file's gzip -9, or the file itself when gzip does
  // not make it smaller (woff2 is compressed already).
  const wire = (a) => (a.gzip === null ? a.transferred : Math.min(a.gzip, a.bytes));
  return {
    page: pagePath,
    network,
    runs,
    timing,
    range,
    timingRuns: results.map((r) => r.timing),
    assets: assets.map((a) => ({ ...a, gzipOrRaw: wire(a) })),
    totals: {
      requests: assets.length,
      transferred: sum(assets.map((a) => a.transferred)),
      bytes: sum(assets.map((a) => a.bytes)),
      gzip: sum(assets.map(wire)),
    },
    errors: [...new Set(results.flatMap((r) => r.errors))],
  };
}

// A reader who, the moment the figures in view are drawn, jumps to a figure far below: from that
// scroll to the figure drawn and answering (the issue's "every other figure within 1 s of being
// scrolled near"; the idle-time mounting of the rest is timed by measureColdLoad's "all figures
// drawn"). Each run is a cold load of its own, so that the jump finds the page as a reader would:
// the figure is the last one in the chapter not yet drawn, its section perhaps not laid out.
// Returns {runs, ms: median, range: [min, max], figures: [the one jumped to, per run], errors}.
export async function measureScrolledTo({ baseUrl, pagePath = 'index.html', runs = 5, log = () => {} }) {
  const results = [];
  for (let i = 0; i < runs; i += 1) {
    const browser = await launchFresh();
    try {
      const page = await browser.context.newPage();
      const errors = watchErrors(page);
      const cdp = await browser.context.newCDPSession(page);
      await page.addInitScript(installLoadProbe);
      await settle();
      await page.goto(new URL(pagePath, baseUrl).href, { waitUntil: 'commit' });
      await waitInPage(cdp, 'window.__loadProbe?.viewportInteractive != null');
      const jump = await page.evaluate(() => new Promise((resolve) => {
        const SETTLED = ['ready', 'error', 'todo'];
        const slots = [...document.querySelectorAll('[data-figure]')];
        const target = [...slots].reverse().find((slot) => !SETTLED.includes(slot.dataset.state)) ?? slots.at(-1);
        const start = performance.now();
        const drawn = () => requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve({ figure: target.dataset.figure, state: target.dataset.state, ms: performance.now() - start });
          channel.port2.postMessage(0);
        });
        target.scrollIntoView({ block: 'center' });
        if (SETTLED.includes(target.dataset.state)) return drawn();
        const watch = new MutationObserver(() => {
          if (!SETTLED.includes(target.dataset.state)) return;
          watch.disconnect();
          drawn();
        });
        watch.observe(target, { attributes: true, attributeFilter: ['data-state'] });
      }));
      log(`  jump at load ${pagePath} #${i + 1}: ${jump.figure} ${jump.state} ${jump.ms.toFixed(0)} ms after the scroll`);
      results.push({ ...jump, errors });
    } finally {
      await browser.close();
    }
  }
  const times = results.map((r) => r.ms);
  return {
    runs,
    ms: median(times),
    range: [Math.min(...times), Math.max(...times)],
    figures: results.map((r) => r.figure),
    states: results.map((r) => r.state),
    errors: [...new Set(results.flatMap((r) => r.errors))],
  };
}

// The floor of a cold load in this environment: a fresh profile opening a page of one line and
// one module script that marks the frame after it ran (what any page pays before its own work).
// Returns {runs, interactive: median ms, range: [min, max]}.
export async function measureFloorLoad({ baseUrl, runs = 5 }) {
  const url = new URL('__bench-floor.html', baseUrl).href;
  const page = '<!doctype html><meta charset="utf-8"><p>floor</p><script type="module">' +
    'requestAnimationFrame(() => { const c = new MessageChannel(); c.port1.onmessage = () => { window.__floorReady = performance.now(); }; c.port2.postMessage(0); });' +
    '</script>';
  const times = [];
  for (let i = 0; i < runs; i += 1) {
    const browser = await launchFresh();
    try {
      const tab = await browser.context.newPage();
      await tab.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: page }));
      const cdp = await browser.context.newCDPSession(tab);
      await settle();
      await tab.goto(url, { waitUntil: 'load' });
      await waitInPage(cdp, 'window.__floorReady !== undefined');
      times.push(await tab.evaluate(() => window.__floorReady));
    } finally {
      await browser.close();
    }
  }
  return { runs, interactive: median(times), range: [Math.min(...times), Math.max(...times)] };
}
