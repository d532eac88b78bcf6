// Lighthouse's default run (mobile: a mid-range phone, 4× CPU slowdown and slow 4G, simulated)
// on the served chapter, in Debian's Chromium, headless. Lighthouse comes from bench/package.json
// (pinned; `./build.sh bench` installs it). Returns its four category scores and the performance
// figures behind the first, or {error} when Lighthouse cannot run here.
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { REPO } from './browser.mjs';

const benchRequire = createRequire(path.join(REPO, 'bench', 'package.json'));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const AUDITS = {
  firstContentfulPaint: 'first-contentful-paint',
  largestContentfulPaint: 'largest-contentful-paint',
  totalBlockingTime: 'total-blocking-time',
  cumulativeLayoutShift: 'cumulative-layout-shift',
  speedIndex: 'speed-index',
  interactive: 'interactive',
  maxPotentialFid: 'max-potential-fid',
  mainThreadWork: 'mainthread-work-breakdown',
  domSize: 'dom-size',
  totalByteWeight: 'total-byte-weight',
};

// runs: how many times (the median score is reported, with every run's); saveTo: a directory for
// each run's full report (lighthouse-N.json), to read what the scores leave out; saveTrace: also
// the trace Lighthouse recorded (lighthouse-N.trace.json, ~7 MB), to see what its simulation
// started from (which tasks came before the observed first paint).
export async function measureLighthouse({ url, runs = 1, saveTo = null, saveTrace = false, log = () => {} }) {
  let lighthouse;
  let chromeLauncher;
  try {
    lighthouse = (await import(benchRequire.resolve('lighthouse'))).default;
    chromeLauncher = await import(benchRequire.resolve('chrome-launcher'));
  } catch (error) {
    return { error: `lighthouse is not installed (npm ci --prefix bench): ${error.message}` };
  }
  const results = [];
  for (let i = 0; i < runs; i += 1) {
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'attn-lighthouse-'));
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      userDataDir: profile,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-quic', '--lang=zh-CN'],
    });
    try {
      const { lhr, artifacts } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
      if (saveTo) {
        fs.mkdirSync(saveTo, { recursive: true });
        fs.writeFileSync(path.join(saveTo, `lighthouse-${i + 1}.json`), JSON.stringify(lhr));
        if (saveTrace && artifacts?.Trace) fs.writeFileSync(path.join(saveTo, `lighthouse-${i + 1}.trace.json`), JSON.stringify(artifacts.Trace));
      }
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
      const figures = Object.fromEntries(Object.entries(AUDITS).map(([key, id]) => [key, lhr.audits[id]?.numericValue ?? null]));
      // The first contentful paint in the trace Lighthouse recorded (unthrottled), from which its
      // simulation estimates FCP and LCP: see lighthouseSection.
      figures.observedFirstContentfulPaint = lhr.audits.metrics?.details?.items?.[0]?.observedFirstContentfulPaint ?? null;
      const failed = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id);
      results.push({ scores, figures, failed, version: lhr.lighthouseVersion, warnings: lhr.runWarnings });
      log(`  lighthouse #${i + 1}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(', ')}; TBT ${figures.totalBlockingTime?.toFixed(0)} ms, LCP ${figures.largestContentfulPaint?.toFixed(0)} ms`);
    } catch (error) {
      return { error: `lighthouse failed: ${error.message}` };
    } finally {
      await chrome.kill();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  }
  // The run with the median performance score stands for all.
  const sorted = [...results].sort((a, b) => a.scores.performance - b.scores.performance);
  return { url: new URL(url).pathname, runs: results, median: sorted[Math.floor((sorted.length - 1) / 2)] };
}

const ms = (x) => (x === null || x === undefined ? '—' : x.toFixed(0));

// The report's section (markdown lines).
export function lighthouseSection(lighthouse) {
  if (!lighthouse) return [];
  if (lighthouse.error) return ['## Lighthouse', '', `Not run: ${lighthouse.error}`, ''];
  const f = lighthouse.median.figures;
  const rows = lighthouse.runs.map((r, i) => `| ${i + 1} | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.scores.seo} | ` +
    `${ms(r.figures.firstContentfulPaint)} | ${ms(r.figures.largestContentfulPaint)} | ${ms(r.figures.totalBlockingTime)} | ${r.figures.cumulativeLayoutShift?.toFixed(3)} | ${ms(r.figures.interactive)} | ` +
    `${ms(r.figures.observedFirstContentfulPaint)} |`);
  return [
    '## Lighthouse (mobile)',
    '',
    `Lighthouse ${lighthouse.median.version}, its default run (a mid-range phone: 4× CPU slowdown and slow 4G, simulated) on ` +
      `${lighthouse.url} served by web/serve.mjs, Debian's Chromium headless; ${lighthouse.runs.length} runs, the median by performance ` +
      'stands for all (lighthouse-N.json beside this report: every audit).',
    '',
    '| run | performance | accessibility | best practices | SEO | FCP | LCP | total blocking time | CLS | interactive | FCP seen |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    '"FCP seen" is the first contentful paint in the trace Lighthouse took at full speed; FCP and LCP ' +
      'are estimated from the work that trace shows before it. Here it often comes at ~1.2 or ~2.2 s, ' +
      'the main thread idle and asked for no frame before it, where the cold loads above paint at a ' +
      'fraction of that: the pattern of viz throttling BeginFrames to one a second for a renderer it ' +
      'deems unresponsive (GoogleChrome/lighthouse#17148). Such a run overstates FCP and LCP.',
    '',
    `Median run: ${ms(f.mainThreadWork)} ms of main-thread work, ${f.domSize} DOM elements, ${(f.totalByteWeight / 1024).toFixed(0)} KB transferred. ` +
      `Audits failed: ${lighthouse.median.failed.join(', ') || 'none'}.`,
    '',
  ];
}
