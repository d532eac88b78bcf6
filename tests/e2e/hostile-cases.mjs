// The hostile cases of hostile-fuzz.test.mjs: a seeded generator of URL hashes (hostile values,
// names, figures and ?fig= values) and what the page must show for each.
export const MAX_HASH_LENGTH = 2000; // the page ignores longer hashes, with a note (web/js/lib/url-state.js)

export function mulberry32(seed) {
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
export const MARK = (n) => `window.__pwned=${n}`;
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
export const HOSTILE_FIG_PARAMS = [
  'nosuch', '', `<img src=x onerror=${MARK(14)}>`, `"><svg onload=${MARK(15)}>`, `javascript:${MARK(16)}`, 'javascript:alert(1)',
  'constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'A'.repeat(10000), '猫', 'funnel ', ' funnel', 'FUNNEL',
  'funnel\u0000', '../index', '%00', 'funnel.n', '<script>alert(1)</script>',
];

const decimalsOf = (x) => (String(x).includes('.') ? String(x).split('.')[1].length : 0);
const onGrid = (spec, k) => Number((spec.min + k * spec.step).toFixed(Math.max(decimalsOf(spec.step), decimalsOf(spec.min))));

export function encode(text) {
  try {
    return encodeURIComponent(text);
  } catch {
    return null; // a lone surrogate: the case goes in raw
  }
}

// One case: pairs {key, value, kind} ('clean' | 'bad' | 'ambiguous'), the hash, and whether it
// was written raw (not percent-encoded: only the safety checks apply then).
export function makeCase(random, specs, ids, { prefix = true, nonce }) {
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
export function expectations(testCase, ids, specs, defaultFigure = null) {
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
