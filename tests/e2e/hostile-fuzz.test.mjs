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
import { useBrowserSuite } from './harness.mjs';

const SEED = 0x5eed1e55;
const CHAPTER_CASES = 200;
const BATCH = 50;
const EMBED_HASHES_PER_FIGURE = 3;
const MAX_HASH_LENGTH = 2000; // the page ignores longer hashes, with a note (web/js/lib/url-state.js)

const suite = useBrowserSuite();

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Values a link must never be trusted with. Each one is invalid for every numeric parameter.
const MARK = (n) => `window.__pwned=${n}`;
const HOSTILE_VALUES = [
  'NaN', 'Infinity', '-Infinity', '1e999', '-1e999', '9'.repeat(40), `-${'9'.repeat(40)}`, '0x10', '1_000', '0b11',
  '', ' ', '+', '-', '.', 'e5', '1e', '--1', '1..2', '１２', '٣', 'null', 'undefined', 'true', '[]', '{}', '__proto__',
  `<script>${MARK(1)}</script>`, `<img src=x onerror=${MARK(2)}>`, `"><svg onload=${MARK(3)}>`,
  `'><iframe src=javascript:${MARK(4)}>`, `javascript:${MARK(5)}`, 'javascript:alert(1)', `</textarea><script>${MARK(6)}</script>`,
  `<a href="javascript:${MARK(7)}">x</a>`, `{{constructor.constructor('${MARK(8)}')()}}`, `\${${MARK(9)}}`,
  `<math><mtext><table><mglyph><style><img src=x onerror=${MARK(10)}>`, `%3Cscript%3E${MARK(11)}%3C/script%3E`,
  '<b onmouseover=alert(1)>b</b>', '\u202e<b>rtl', '😀'.repeat(12), '猫'.repeat(60), '\u0000', '\u2028\u2029', 'A'.repeat(10000), '<'.repeat(3000),
];
// Numbers the page may accept as written (or not): no expectation about a note.
const AMBIGUOUS_VALUES = [' 5', '5 ', '+5', '5.', '.5', '5e0', '05', '-0', '1.0000000000000000000000001'];
const HOSTILE_NAMES = ['zzz', '__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', `<svg onload=${MARK(12)}>`, '', 'n.n', '猫'];
const HOSTILE_FIGURES = ['nosuch', '__proto__', 'constructor', 'toString', `<img src=x onerror=${MARK(13)}>`, 'FUNNEL', '猫'];
const HOSTILE_FIG_PARAMS = [
  'nosuch', '', `<img src=x onerror=${MARK(14)}>`, `"><svg onload=${MARK(15)}>`, `javascript:${MARK(16)}`, 'javascript:alert(1)',
  'constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'A'.repeat(10000), '猫', 'funnel ', ' funnel', 'FUNNEL',
  'funnel\u0000', '../index', '%00', 'funnel.n', '<script>alert(1)</script>',
];

const decimalsOf = (x) => (String(x).includes('.') ? String(x).split('.')[1].length : 0);
const onGrid = (spec, k) => Number((spec.min + k * spec.step).toFixed(Math.max(decimalsOf(spec.step), decimalsOf(spec.min))));

function encode(text) {
  try {
    return encodeURIComponent(text);
  } catch {
    return null; // a lone surrogate: the case goes in raw
  }
}

// One case: pairs {key, value, kind} ('clean' | 'bad' | 'ambiguous'), the hash, and whether it
// was written raw (not percent-encoded: only the safety checks apply then).
function makeCase(random, specs, ids, { prefix = true, nonce }) {
  const pick = (list) => list[Math.floor(random() * list.length)];
  const pairs = [];
  const count = 1 + Math.floor(random() * 6);
  for (let i = 0; i < count; i += 1) {
    if (pairs.length && random() < 0.08) { // the same key again, with another value
      const { key } = pick(pairs);
      pairs.push({ key, value: pick(HOSTILE_VALUES), kind: 'bad' });
      continue;
    }
    const figure = random() < 0.85 ? pick(ids) : pick(HOSTILE_FIGURES);
    const params = specs.get(figure)?.params ?? [];
    const spec = params.length && random() < 0.85 ? pick(params) : null;
    const name = spec ? spec.name : pick(HOSTILE_NAMES);
    const key = prefix ? `${figure}.${name}` : random() < 0.8 ? name : `${figure}.${name}`;
    const roll = random();
    if (spec && spec.step > 0 && roll < 0.35) {
      pairs.push({ key, value: String(onGrid(spec, Math.floor(random() * (Math.round((spec.max - spec.min) / spec.step) + 1)))), kind: 'clean' });
    } else if (spec && roll < 0.5) {
      const outside = [spec.max + spec.step, spec.max + 1e6, spec.min - spec.step, spec.min - 1e6, spec.min + spec.step / 3];
      pairs.push({ key, value: String(pick(outside)), kind: 'bad' });
    } else if (roll < 0.6) {
      pairs.push({ key, value: pick(AMBIGUOUS_VALUES), kind: 'ambiguous' });
    } else {
      pairs.push({ key, value: pick(HOSTILE_VALUES), kind: 'bad' });
    }
  }
  const raw = random() < 0.12;
  let encodedOk = true;
  const parts = pairs.map(({ key, value }) => {
    if (raw) return `${key}=${value}`;
    const [k, v] = [encode(key), encode(value)];
    if (k === null || v === null) {
      encodedOk = false;
      return `${key}=${value}`;
    }
    return `${k}=${v}`;
  });
  if (random() < 0.05) { // stray separators, a key alone, a value alone
    parts.push('&&', 'novalue', '=5');
    pairs.push({ key: 'novalue', value: '', kind: 'bad' }, { key: '', value: '5', kind: 'bad' });
  }
  parts.push(`zz.nonce=${nonce}`); // each hash differs from the last, so hashchange always fires
  return { pairs, hash: parts.join('&'), raw: raw || !encodedOk };
}

// What each figure should show for a case: 'note', 'none' (no note, and these values set), or
// null (no expectation). Keys are read as the page documents them: "figure.name", the part
// before the first dot naming the figure; in an embed a key without a dot names the embedded
// figure's parameter. The last value of a repeated key counts.
function expectations(testCase, ids, specs, defaultFigure = null) {
  const out = new Map();
  if (testCase.raw) return out;
  if (testCase.hash.length > MAX_HASH_LENGTH) {
    // Only a figure with state in the URL lost something to it.
    for (const id of ids) out.set(id, (specs.get(id)?.params ?? []).length ? { note: true, tooLong: true } : { note: false, values: {} });
    return out;
  }
  const byFigure = new Map();
  for (const { key, value, kind } of testCase.pairs) {
    const dot = key.indexOf('.');
    const figure = dot > 0 ? key.slice(0, dot) : defaultFigure;
    const name = dot > 0 ? key.slice(dot + 1) : key;
    if (!figure) continue;
    if (!byFigure.has(figure)) byFigure.set(figure, new Map());
    byFigure.get(figure).set(name, { value, kind });
  }
  for (const id of ids) {
    const entries = byFigure.get(id);
    if (!entries) {
      out.set(id, { note: false, values: {} });
      continue;
    }
    const names = new Set((specs.get(id)?.params ?? []).map((p) => p.name));
    const list = [...entries];
    if (list.some(([name, e]) => !names.has(name) || e.kind === 'bad')) out.set(id, { note: true });
    else if (list.some(([, e]) => e.kind === 'ambiguous')) out.set(id, null);
    else out.set(id, { note: false, values: Object.fromEntries(list.map(([name, e]) => [name, Number(e.value)])) });
  }
  return out;
}

// Installed before the page's scripts: from DOMContentLoaded on, every element added or attribute
// set that could run code is recorded.
function installGuard() {
  window.__bad = [];
  const ACTIVE = new Set(['script', 'iframe', 'frame', 'object', 'embed', 'base', 'meta', 'link', 'style', 'form', 'portal']);
  const URL_ATTRIBUTES = ['href', 'src', 'xlink:href', 'action', 'formaction', 'data'];
  const check = (el) => {
    if (!(el instanceof Element)) return;
    for (const node of [el, ...el.querySelectorAll('*')]) {
      if (ACTIVE.has(node.localName)) window.__bad.push(`added <${node.localName}>`);
      for (const attr of node.attributes) {
        if (/^on/i.test(attr.name)) window.__bad.push(`<${node.localName} ${attr.name}>`);
        if (URL_ATTRIBUTES.includes(attr.name) && /^\s*javascript:/i.test(attr.value)) window.__bad.push(`<${node.localName} ${attr.name}=javascript:…>`);
      }
    }
  };
  document.addEventListener('DOMContentLoaded', () => {
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'childList') r.addedNodes.forEach(check);
        else if (r.type === 'attributes' && (/^on/i.test(r.attributeName) || URL_ATTRIBUTES.includes(r.attributeName))) check(r.target);
      }
    }).observe(document, { childList: true, subtree: true, attributes: true });
  });
}

// In the page: everything that must hold after a case, whatever it was. (`full`: also scan every
// attribute of the document, not only what the guard saw change.)
function safetyReport(full = true) {
  const problems = [...window.__bad];
  window.__bad.length = 0;
  if (window.__pwned !== undefined) problems.push(`injected code ran (window.__pwned = ${window.__pwned})`);
  if (Object.keys(Object.prototype).length || Object.getOwnPropertyNames(Object.prototype).some((n) => /^(n|seed|rho|level|zzz|nonce)$/.test(n))) problems.push('Object.prototype was polluted');
  if (full) {
    for (const node of document.querySelectorAll('*')) {
      for (const attr of node.attributes) if (/^on/i.test(attr.name)) problems.push(`<${node.localName} ${attr.name}> in the document`);
    }
  }
  const scripts = [...document.scripts].map((s) => s.src.replace(location.origin, '')).filter((src) => !/^\/js\/(main|embed|script-fallback)\.js$/.test(src));
  if (scripts.length) problems.push(`unexpected <script>: ${scripts.join(', ')}`);
  return problems;
}

// In the page: for each figure, its state, whether its note is visible, and its sliders' values.
function figureReport() {
  const out = {};
  for (const slot of document.querySelectorAll('[data-figure]')) {
    const id = slot.dataset.figure;
    if (id in out) continue;
    const alert = slot.querySelector('.figure-alert');
    const visible = Boolean(alert && !alert.hidden && alert.getClientRects().length && getComputedStyle(alert).display !== 'none' && alert.textContent.trim());
    const values = {};
    for (const input of slot.querySelectorAll('.figure-controls input[type="range"]')) values[input.id] = input.valueAsNumber;
    out[id] = { state: slot.dataset.state, note: visible, noteText: visible ? alert.textContent.slice(0, 160) : '', values };
  }
  return out;
}

// In the page: moves one control of each figure and reports those that did not redraw.
function stillUsable(ids) {
  const problems = [];
  const fingerprint = (slot) => {
    const svg = slot.querySelector('.figure-mount svg');
    return `${slot.dataset.state}|${slot.querySelector('.figure-description')?.textContent}|${svg ? svg.innerHTML : slot.querySelector('.figure-mount')?.innerHTML}`;
  };
  for (const id of ids) {
    const slot = document.querySelector(`[data-figure="${CSS.escape(id)}"]`);
    if (!slot) continue;
    if (slot.dataset.state !== 'ready') {
      problems.push(`${id}: state ${slot.dataset.state}`);
      continue;
    }
    const moves = [
      ...[...slot.querySelectorAll('.figure-controls input[type="range"], .figure-mount input[type="number"]')].map((input) => () => {
        input.value = String(Number(input.value) >= Number(input.max) ? input.min : input.max);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        input.dispatchEvent(new Event('change', { bubbles: true }));
      }),
      ...[...slot.querySelectorAll('input[type="radio"]:not(:checked), [role="radio"][aria-checked="false"]')].slice(0, 1).map((n) => () => n.click()),
    ];
    if (!moves.length) continue; // a figure without controls (the formula legend)
    let redrawn = false;
    for (const move of moves) {
      const before = fingerprint(slot);
      move();
      if (fingerprint(slot) !== before && slot.dataset.state === 'ready') {
        redrawn = true;
        break;
      }
    }
    if (!redrawn) problems.push(`${id}: no control redraws it any more (state ${slot.dataset.state}, note: ${slot.querySelector('.figure-alert')?.textContent.slice(0, 80)})`);
  }
  return problems;
}

async function waitSettled(page) {
  await page.waitForFunction(() => {
    const slots = [...document.querySelectorAll('[data-figure]')];
    return slots.length > 0 && slots.every((s) => ['ready', 'error', 'todo'].includes(s.dataset.state));
  }, null, { timeout: 60000 });
}

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
