// ./build.sh bench, part 2: the page in Chromium — interaction latency of every figure (and again
// at a phone's width and CPU), cold load (bytes and times), Lighthouse's mobile run, memory over
// 10,000 control moves, and Figure 2 trained in the browser to the end of its budget (minutes).
// Needs dist/ (./build.sh build).
//
//   node bench/page/run-page.mjs [--only latency,phone,load,lighthouse,memory,training] [--runs 5] [--embed-runs 3]
//        [--slow-network-runs 3]
//        [--moves 10000] [--figures funnel,length] [--root dist] [--out bench] [--lighthouse-trace]
//
// Writes build/bench/page-report.json and build/bench/page-report.md. bench/core/run.mjs may instead
// `import { runPageBench } from './page/run-page.mjs'` and call it (same options, returns the report).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DIST, REPO, assertBuilt, launchFresh, startServer } from './browser.mjs';
import { PHONE, measureLatency } from './latency.mjs';
import { SLOW_4G, measureColdLoad, measureFloorLoad, measureScrolledTo } from './cold-load.mjs';
import { measureMemory } from './memory.mjs';
import { measureBrowserTraining } from './training.mjs';
import { measureLighthouse } from './lighthouse.mjs';
import { budgetResults, writePageReport } from './page-report.mjs';
import { MAX_OTHER_CPUS, watchOtherWork } from './other-work.mjs';

const PARTS = ['latency', 'phone', 'load', 'lighthouse', 'memory', 'training'];
// The embeds whose cold loads the load part reads: one figure that computes through the core, and
// Figure 2, which does not and fetches none of it.
const EMBEDS = ['embed.html?fig=funnel', 'embed.html?fig=figure2'];

function machineInfo(chromium) {
  const cpuinfo = fs.readFileSync('/proc/cpuinfo', 'utf8');
  return {
    cpu: (cpuinfo.match(/^model name\s*: (.*)$/m) ?? [])[1] ?? 'unknown',
    logicalCpus: os.cpus().length,
    node: process.version,
    chromium,
    date: new Date().toISOString(),
    loadAverageAtStart: os.loadavg(),
  };
}

// options: {root (dist/), outDir (bench/ — null: write nothing), only: [parts], runs (cold loads),
// moves (memory), embedRuns (cold loads of each embed in EMBEDS), slowNetworkRuns (cold loads of
// index.html on Lighthouse's slow 4G: a reading), lighthouseRuns, lighthouseTrace (save
// Lighthouse's traces beside its reports), log}. Returns the report.
export async function runPageBench({
  root = DIST, outDir = path.join(REPO, 'build', 'bench'), only = PARTS, runs = 5, embedRuns = 3, slowNetworkRuns = 3, moves = 10000,
  figures = null, lighthouseRuns = 3, lighthouseTrace = false, log = console.log,
} = {}) {
  const started = performance.now();
  assertBuilt(root);
  const server = await startServer(root);
  const report = { machine: null, otherWork: {} };
  // Each part is watched from before its browser is launched to after it is closed.
  let watch = watchOtherWork();
  const partDone = (part) => {
    report.otherWork[part] = watch.stop()?.otherCpus ?? null;
    watch = watchOtherWork();
  };
  try {
    const browser = await launchFresh();
    report.machine = machineInfo(browser.version);
    log(`page benchmark: Chromium ${browser.version}, load ${report.machine.loadAverageAtStart.map((x) => x.toFixed(1)).join(' ')}`);
    try {
      if (only.includes('latency')) {
        log('latency: every control of every figure, keyboard and pointer …');
        report.latency = await measureLatency({ context: browser.context, baseUrl: server.url, log, only: figures });
      }
    } finally {
      await browser.close();
    }
    if (only.includes('latency')) partDone('latency');
    if (only.includes('phone')) {
      log(`phone: the same moves at ${PHONE.width} px with touch, the CPU slowed ${PHONE.cpuSlowdown}× …`);
      const phoneBrowser = await launchFresh({ width: PHONE.width, height: PHONE.height, mobile: true });
      try {
        report.phone = { ...PHONE, ...(await measureLatency({ context: phoneBrowser.context, baseUrl: server.url, log, only: figures, cpuSlowdown: PHONE.cpuSlowdown })) };
      } finally {
        await phoneBrowser.close();
      }
      partDone('phone');
    }
    if (only.includes('load')) {
      log('cold load …');
      report.loadFloor = await measureFloorLoad({ baseUrl: server.url, runs });
      log(`  floor: a one-line page drawn at ${report.loadFloor.interactive.toFixed(0)} ms (median of ${runs})`);
      report.coldLoad = [await measureColdLoad({ baseUrl: server.url, pagePath: 'index.html', runs, root, log })];
      report.scrolledTo = await measureScrolledTo({ baseUrl: server.url, pagePath: 'index.html', runs, log });
      for (const pagePath of embedRuns > 0 ? EMBEDS : []) report.coldLoad.push(await measureColdLoad({ baseUrl: server.url, pagePath, runs: embedRuns, root, log }));
      if (slowNetworkRuns > 0) report.slowNetworkLoad = await measureColdLoad({ baseUrl: server.url, pagePath: 'index.html', runs: slowNetworkRuns, root, network: SLOW_4G, log });
      partDone('load');
    }
    if (only.includes('lighthouse')) {
      log('lighthouse (mobile) …');
      report.lighthouse = await measureLighthouse({ url: new URL('index.html', server.url).href, runs: lighthouseRuns, saveTo: outDir, saveTrace: lighthouseTrace, log });
      if (report.lighthouse.error) log(`  ${report.lighthouse.error}`);
      partDone('lighthouse');
    }
    if (only.includes('memory')) {
      log(`memory: ${moves} moves …`);
      const memoryBrowser = await launchFresh();
      try {
        report.memory = await measureMemory({ context: memoryBrowser.context, baseUrl: server.url, moves, log });
      } finally {
        await memoryBrowser.close();
      }
      partDone('memory');
    }
    if (only.includes('training')) {
      const trainingBrowser = await launchFresh();
      try {
        report.training = await measureBrowserTraining({ context: trainingBrowser.context, baseUrl: server.url, log });
      } finally {
        await trainingBrowser.close();
      }
      partDone('training');
    }
  } finally {
    watch.stop();
    await server.close();
  }
  report.loadAverageAtEnd = os.loadavg();
  report.unreliableBecause = unreliableBecause(report);
  report.unreliable = report.unreliableBecause.length > 0;
  report.seconds = (performance.now() - started) / 1000;
  report.budgets = budgetResults(report);
  if (outDir) {
    writePageReport(outDir, report);
    log(`${path.relative(process.cwd(), path.join(outDir, 'page-report.md'))} and page-report.json written (${report.seconds.toFixed(0)} s)`);
  }
  return report;
}

// A run started on a machine busier than this (1-minute load average), or one during a part of
// which other work kept more than MAX_OTHER_CPUS busy, says more about the other work than about
// the page: its report says so at the top. The load at the end is reported, not judged: it is
// mostly the benchmark's own last parts (other-work.mjs). Where /proc cannot be read, it is
// judged as the load at the start is.
export const MAX_RELIABLE_LOAD = 2;
export function unreliableBecause(report) {
  const reasons = [];
  if (report.machine.loadAverageAtStart[0] > MAX_RELIABLE_LOAD) reasons.push(`load average ${report.machine.loadAverageAtStart[0].toFixed(1)} at the start`);
  const parts = Object.entries(report.otherWork ?? {});
  if (parts.length && parts.every(([, cpus]) => cpus !== null)) {
    for (const [part, cpus] of parts) if (cpus > MAX_OTHER_CPUS) reasons.push(`other work took ${cpus.toFixed(2)} CPUs during ${part}`);
  } else if (report.loadAverageAtEnd[0] > MAX_RELIABLE_LOAD) {
    reasons.push(`load average ${report.loadAverageAtEnd[0].toFixed(1)} at the end`);
  }
  return reasons;
}

function parseArgs(argv) {
  const options = {};
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (flag === '--lighthouse-trace') {
      options.lighthouseTrace = true;
      continue;
    }
    if (flag === '--only') options.only = value.split(',');
    else if (flag === '--runs') options.runs = Number(value);
    else if (flag === '--embed-runs') options.embedRuns = Number(value);
    else if (flag === '--slow-network-runs') options.slowNetworkRuns = Number(value);
    else if (flag === '--moves') options.moves = Number(value);
    else if (flag === '--lighthouse-runs') options.lighthouseRuns = Number(value);
    else if (flag === '--figures') options.figures = value.split(',');
    else if (flag === '--out') options.outDir = path.resolve(value);
    else if (flag === '--root') options.root = path.resolve(value);
    else throw new Error(`unknown option ${flag} (see the comment at the top of run-page.mjs)`);
    i += 1;
  }
  for (const part of options.only ?? []) if (!PARTS.includes(part)) throw new Error(`--only: ${part} is not one of ${PARTS.join(', ')}`);
  return options;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const report = await runPageBench(parseArgs(process.argv.slice(2)));
  const missed = report.budgets.filter((b) => !b.pass);
  console.log(`budgets: ${report.budgets.length - missed.length} of ${report.budgets.length} met${missed.length ? `; missed: ${missed.map((b) => b.name).join(', ')}` : ''}`);
  if (report.unreliable) console.log(`UNRELIABLE: ${report.unreliableBecause.join('; ')} (on ${report.machine.logicalCpus} CPUs)`);
}
