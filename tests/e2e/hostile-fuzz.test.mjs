// Hostile input, fuzzed: hundreds of URL hashes and embed parameters from a seeded generator —
// huge, negative, NaN and non-numeric values, script and HTML fragments, javascript: URLs, unicode,
// 10,000-character values, repeated keys, unknown figures and parameters, prototype names, ?fig=
// values that are not ids. For every case: no uncaught exception, no dialog, nothing executed,
// no element with an on* attribute or a <script> (or any other active element) added to the
// document, every figure still redraws when a control moves, and a figure whose link value was
// clamped or dropped shows its note. The chapter is loaded once per batch and the hashes applied
// with hashchange (the first of each batch by a fresh navigation), so the run stays short.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowserSuite, waitForFiguresSettled } from './harness.mjs';
import { HOSTILE_FIG_PARAMS, MARK, MAX_HASH_LENGTH, encode, expectations, makeCase, mulberry32 } from './hostile-cases.mjs';
import { figureReport, installGuard, safetyReport, stillUsable } from './hostile-page.mjs';

const SEED = 0x5eed1e55;
const CHAPTER_CASES = 200;
const BATCH = 50;
const EMBED_HASHES_PER_FIGURE = 3;

const suite = useBrowserSuite();

const waitSettled = (page) => waitForFiguresSettled(page);

async function openGuarded(url) {
  const { page, errors } = await suite.open('about:blank');
  const dialogs = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    dialog.dismiss().catch(() => {});
  });
  await page.addInitScript(installGuard);
  if (url) await page.goto(url);
  return { page, errors, dialogs };
}

// Applies a hash in place (hashchange), resolving once the page has handled it.
function applyHash(page, hash) {
  return page.evaluate((h) => new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), 5000);
    window.addEventListener('hashchange', () => setTimeout(() => { clearTimeout(timer); resolve(true); }, 0), { once: true });
    location.hash = h;
  }), hash);
}

function compare(label, report, expected) {
  const problems = [];
  for (const [id, want] of expected) {
    const got = report[id];
    if (!want || !got || got.state !== 'ready') continue;
    if (want.note && !got.note) problems.push(`${label}: ${id} should show a note`);
    if (!want.note && got.note) problems.push(`${label}: ${id} shows a note for a clean link: ${got.noteText}`);
    for (const [name, value] of Object.entries(want.values ?? {})) {
      const shown = got.values[`${id}-${name}`];
      if (shown !== undefined && Math.abs(shown - value) > 1e-9 * Math.max(1, Math.abs(value))) problems.push(`${label}: ${id}.${name} shows ${shown}, the link said ${value}`);
    }
  }
  return problems;
}

let specs = new Map();
let chapterIds = [];
let loaded = null;
// The chapter's figure ids and every figure's parameter specs (from the core itself), read once.
function loadSpecs() {
  loaded ??= (async () => {
    const { page } = await suite.open('index.html');
    await waitSettled(page);
    chapterIds = await page.$$eval('[data-figure]', (slots) => [...new Set(slots.map((s) => s.dataset.figure))]);
    const list = await page.evaluate(async () => {
      const { default: createAttnCore } = await import(new URL('attn_core.mjs', document.baseURI).href);
      const core = await createAttnCore();
      return JSON.parse(JSON.stringify(core.figures()));
    });
    specs = new Map(list.map((s) => [s.id, s]));
    if (chapterIds.includes('formula') && !specs.has('formula')) specs.set('formula', { id: 'formula', params: [] });
    await page.close();
  })();
  return loaded;
}

test(`${CHAPTER_CASES} fuzzed hashes on the chapter: nothing runs, nothing breaks, every change is explained`, async () => {
  await loadSpecs();
  const random = mulberry32(SEED);
  const problems = [];
  const stats = { cases: 0, raw: 0, tooLong: 0, notesExpected: 0 };
  let session = null;
  for (let i = 0; i < CHAPTER_CASES; i += 1) {
    const testCase = makeCase(random, specs, chapterIds, { prefix: true, nonce: i });
    const label = `case ${i} #${testCase.hash.slice(0, 120)}${testCase.hash.length > 120 ? `…(${testCase.hash.length})` : ''}`;
    if (i % BATCH === 0) {
      if (session) {
        problems.push(...(await session.page.evaluate(stillUsable, chapterIds)).map((p) => `after batch ${i / BATCH}: ${p}`));
        problems.push(...(await session.page.evaluate(safetyReport, true)).map((p) => `after batch ${i / BATCH}: ${p}`));
        await session.page.close();
      }
      // A fresh load, its first hash read at start-up (the query only defeats same-document navigation).
      session = await openGuarded(null);
      await session.page.goto(new URL(`index.html?batch=${i}#${testCase.hash}`, suite.url).href);
      await waitSettled(session.page);
    } else if (!(await applyHash(session.page, testCase.hash))) {
      problems.push(`${label}: no hashchange`);
    }
    const { page } = session;
    const expected = expectations(testCase, chapterIds, specs);
    problems.push(...compare(label, await page.evaluate(figureReport), expected));
    problems.push(...(await page.evaluate(safetyReport, false)).map((p) => `${label}: ${p}`));
    // Two of the figures the hash named must still work (all of them at the end of each batch).
    const named = chapterIds.filter((id) => testCase.hash.includes(id)).slice(0, 2);
    problems.push(...(await page.evaluate(stillUsable, named.length ? named : [chapterIds[i % chapterIds.length]])).map((p) => `${label}: ${p}`));
    stats.cases += 1;
    stats.raw += testCase.raw ? 1 : 0;
    stats.tooLong += testCase.hash.length > MAX_HASH_LENGTH ? 1 : 0;
    stats.notesExpected += [...expected.values()].filter((e) => e?.note).length;
    if (problems.length > 40) break;
  }
  problems.push(...(await session.page.evaluate(stillUsable, chapterIds)).map((p) => `after the last batch: ${p}`));
  problems.push(...(await session.page.evaluate(safetyReport, true)).map((p) => `after the last batch: ${p}`));
  problems.push(...session.errors.map((e) => `page error: ${e}`), ...session.dialogs.map((d) => `dialog: ${d}`));
  await session.page.close();
  assert.ok(stats.notesExpected > 50 && stats.tooLong > 0 && stats.raw > 0, `the generator covers notes, long and raw hashes: ${JSON.stringify(stats)}`);
  assert.deepEqual(problems, []);
});

// A hash without "=" is an ordinary anchor (#sec-2), and on the chapter a key without a figure
// prefix names no figure: either way the page ignores it, without a note.
test('anchor-like hashes and unprefixed markup leave the page alone', async () => {
  await loadSpecs();
  const embedded = chapterIds[0];
  const cases = [
    ['index.html', `<img src=x onerror=${MARK(20)}>`],
    ['index.html', `"><svg onload=${MARK(21)}>`],
    ['index.html', '猫'.repeat(3000)],
    [`embed.html?fig=${embedded}`, '<script>alert(1)</script>'],
    [`embed.html?fig=${embedded}`, '%3Cscript%3Ealert(1)%3C/script%3E'],
    [`embed.html?fig=${embedded}`, 'javascript:alert(1)'],
  ];
  const problems = [];
  for (const [i, [where, hash]] of cases.entries()) {
    const label = `${where}#${hash.slice(0, 40)}`;
    const { page, errors, dialogs } = await openGuarded(new URL(`${where}${where.includes('?') ? '&' : '?'}anchor=${i}#${hash}`, suite.url).href);
    await waitSettled(page);
    const report = await page.evaluate(figureReport);
    for (const [id, r] of Object.entries(report)) {
      if (r.state === 'ready' && r.note) problems.push(`${label}: ${id} shows a note: ${r.noteText}`);
    }
    problems.push(...(await page.evaluate(safetyReport)).map((p) => `${label}: ${p}`));
    problems.push(...(await page.evaluate(stillUsable, Object.keys(report).slice(0, 3))).map((p) => `${label}: ${p}`));
    problems.push(...errors, ...dialogs.map((d) => `dialog: ${d}`));
    await page.close();
  }
  assert.deepEqual(problems, []);
});

test('?fig= values that are not figure ids get the page\'s note and mount nothing', async () => {
  await loadSpecs();
  const random = mulberry32(SEED ^ 0xf16);
  const problems = [];
  const { page, errors, dialogs } = await openGuarded(null);
  for (const [i, fig] of HOSTILE_FIG_PARAMS.entries()) {
    const testCase = makeCase(random, specs, chapterIds, { prefix: false, nonce: i });
    // Some raw, some repeated (not the longest: a request line over 16 KB is refused by the server).
    const query = i % 4 === 3 && fig.length < 1000 ? `fig=${fig}&fig=${fig}` : `fig=${encode(fig) ?? fig}`;
    const url = new URL(`embed.html?${query}#${testCase.hash}`, suite.url).href;
    await page.goto(url);
    await page.waitForFunction(() => document.querySelector('#embed-root > :not(noscript)'), null, { timeout: 30000 });
    const state = await page.evaluate(() => ({
      note: document.querySelector('#embed-root .page-note[role="alert"]')?.textContent ?? null,
      slots: document.querySelectorAll('[data-figure]').length - document.querySelectorAll('template [data-figure]').length,
      title: document.title,
    }));
    const label = `?${query.slice(0, 60)}`;
    if (!state.note || !/没有/.test(state.note)) problems.push(`${label}: no "没有这张图" note (slots mounted: ${state.slots})`);
    if (state.slots) problems.push(`${label}: ${state.slots} figure slot(s) mounted for an id that does not exist`);
    if (/[<>]/.test(state.title)) problems.push(`${label}: markup in the title: ${state.title}`);
    if (state.note && state.note.length > 80) problems.push(`${label}: the note repeats the whole value (${state.note.length} chars)`);
    problems.push(...(await page.evaluate(safetyReport)).map((p) => `${label}: ${p}`));
  }
  // Leaving a page while its core still loads aborts that request: not an error of the page.
  problems.push(...errors.filter((e) => !/ERR_ABORTED/.test(e)), ...dialogs.map((d) => `dialog: ${d}`));
  await page.close();
  assert.deepEqual(problems, []);
});

test('every figure\'s embed takes fuzzed hashes (unprefixed keys) safely, and explains what it changed', async () => {
  await loadSpecs();
  const random = mulberry32(SEED ^ 0xe3bed);
  const problems = [];
  for (const id of chapterIds) {
    const { page, errors, dialogs } = await openGuarded(null);
    for (let k = 0; k < EMBED_HASHES_PER_FIGURE; k += 1) {
      const testCase = makeCase(random, specs, [id], { prefix: false, nonce: k });
      const label = `embed ${id} #${testCase.hash.slice(0, 100)}`;
      if (k === 0) {
        await page.goto(new URL(`embed.html?fig=${encodeURIComponent(id)}#${testCase.hash}`, suite.url).href);
        await waitSettled(page);
      } else if (!(await applyHash(page, testCase.hash))) {
        problems.push(`${label}: no hashchange`);
      }
      problems.push(...compare(label, await page.evaluate(figureReport), expectations(testCase, [id], specs, id)));
      problems.push(...(await page.evaluate(safetyReport)).map((p) => `${label}: ${p}`));
      problems.push(...(await page.evaluate(stillUsable, [id])).map((p) => `${label}: ${p}`));
    }
    problems.push(...errors.map((e) => `embed ${id}: ${e}`), ...dialogs.map((d) => `embed ${id}: dialog: ${d}`));
    await page.close();
  }
  assert.deepEqual(problems, []);
});
