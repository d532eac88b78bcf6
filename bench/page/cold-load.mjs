// Cold load on 127.0.0.1: a brand-new Chromium profile per run (empty HTTP cache, empty code
// cache), every request counted from the DevTools protocol, paint timings from the page, and the
// moment every figure slot has mounted and drawn (data-state="ready", then the frame after it).
// Sizes: bytes on the wire as served (the project's server does not compress) and gzip -9 of
// each file, which is what a compressing static host would send.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { installLoadProbe } from './probes.mjs';
import { DIST, launchFresh, watchErrors } from './browser.mjs';
import { median } from './stats.mjs';

// gzip -9 of a file in dist/ (null when the URL is not a dist file).
export function gzipSizeOf(file) {
  if (!file || !fs.existsSync(file) || !fs.statSync(file).isFile()) return null;
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

function distFileOf(url, root) {
  const { pathname } = new URL(url);
  const relative = decodeURIComponent(pathname).replace(/^\/+/, '') || 'index.html';
  const file = path.resolve(root, relative.endsWith('/') ? `${relative}index.html` : relative);
  return file.startsWith(root + path.sep) ? file : null;
}

async function oneColdLoad(baseUrl, pagePath, root) {
  const browser = await launchFresh();
  try {
    const page = await browser.context.newPage();
    const errors = watchErrors(page);
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
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
    await page.goto(new URL(pagePath, baseUrl).href, { waitUntil: 'load' });
    await page.waitForFunction(() => window.__loadProbe && window.__loadProbe.interactive !== null, null, { timeout: 60000, polling: 20 });
    await page.waitForLoadState('networkidle');
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
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
        allFiguresReady: window.__loadProbe.allSettled,
        interactive: window.__loadProbe.interactive,
        slots: window.__loadProbe.slots,
        readySlots: window.__loadProbe.ready,
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

// runs cold loads of pagePath; returns {page, runs, timing (medians), assets (first run), totals}.
export async function measureColdLoad({ baseUrl, pagePath = 'index.html', runs = 5, root = DIST, log = () => {} }) {
  const results = [];
  for (let i = 0; i < runs; i += 1) {
    const r = await oneColdLoad(baseUrl, pagePath, root);
    log(`  cold load ${pagePath} #${i + 1}: FCP ${r.timing.firstContentfulPaint?.toFixed(0)} ms, all figures drawn ${r.timing.interactive?.toFixed(0)} ms, ${r.assets.length} requests`);
    results.push(r);
  }
  const keys = Object.keys(results[0].timing);
  const timing = Object.fromEntries(keys.map((k) => [k, median(results.map((r) => r.timing[k]).filter((x) => x !== null))]));
  const assets = results[0].assets;
  // What a gzip-serving host would send: each file's gzip -9, or the file itself when gzip does
  // not make it smaller (woff2 is compressed already).
  const wire = (a) => (a.gzip === null ? a.transferred : Math.min(a.gzip, a.bytes));
  return {
    page: pagePath,
    runs,
    timing,
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
