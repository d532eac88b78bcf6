// Figure state in the URL hash: one state object per figure, written as
//   #funnel.n=12&funnel.seed=3&length.level=2
// Reading is defensive: the hash comes from anyone. Unknown names and unreadable values are
// dropped, out-of-range values clamped, off-step values snapped, each with a note for the reader
// (shown via textContent only). A hash without "=" is an ordinary anchor and is left alone.
import { truncate } from './dom.js';

const MAX_HASH_LENGTH = 2000;
const MAX_VALUE_LENGTH = 24;
// A plain decimal number; rejects "0x10", "Infinity", "1e999" is caught later as non-finite.
const NUMBER_PATTERN = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

function safeDecode(text) {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

export function isStateHash(hash) {
  return String(hash).replace(/^#/, '').includes('=');
}

// hash → {byFigure: Map(id → Map(name → raw string)), notes: Map(id → [text]), tooLong: bool}.
// In embed.html, keys without a "figure." prefix belong to `defaultFigure`.
export function parseHash(hash, { defaultFigure = null } = {}) {
  const body = String(hash ?? '').replace(/^#/, '');
  const result = { byFigure: new Map(), notes: new Map(), tooLong: false };
  if (!isStateHash(body)) return result;
  if (body.length > MAX_HASH_LENGTH) {
    result.tooLong = true;
    return result;
  }
  for (const pair of body.split('&')) {
    if (!pair) continue;
    const equals = pair.indexOf('=');
    const key = safeDecode(equals < 0 ? pair : pair.slice(0, equals));
    const value = equals < 0 ? '' : safeDecode(pair.slice(equals + 1));
    const dot = key.indexOf('.');
    const figure = dot > 0 ? key.slice(0, dot) : defaultFigure;
    const name = dot > 0 ? key.slice(dot + 1) : key;
    if (!figure) continue;
    if (!result.byFigure.has(figure)) result.byFigure.set(figure, new Map());
    result.byFigure.get(figure).set(name, value);
  }
  return result;
}

const decimalsOf = (step) => {
  const text = String(step);
  return text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
};

// Snaps to the spec's grid (min + k·step) and clamps to [min, max].
export function snapToSpec(spec, value) {
  const clamped = Math.min(spec.max, Math.max(spec.min, value));
  if (!(spec.step > 0)) return clamped;
  const steps = Math.round((clamped - spec.min) / spec.step);
  const snapped = spec.min + steps * spec.step;
  return Number(Math.min(spec.max, snapped).toFixed(Math.max(decimalsOf(spec.step), decimalsOf(spec.min))));
}

// Checks raw URL values against a figure's param specs.
// Returns {params: {name: number} (only accepted values), notes: [text]}.
export function validateParams(specs, raw) {
  const params = {};
  const notes = [];
  const byName = new Map(specs.map((spec) => [spec.name, spec]));
  for (const [name, text] of raw) {
    const shownName = truncate(name, MAX_VALUE_LENGTH);
    const spec = byName.get(name);
    if (!spec) {
      notes.push(`链接里的参数「${shownName}」这张图没有，已忽略。`);
      continue;
    }
    const label = spec.label || name;
    const value = text.length <= MAX_VALUE_LENGTH && NUMBER_PATTERN.test(text.trim()) ? Number(text) : NaN;
    if (!Number.isFinite(value)) {
      notes.push(`链接里「${label}」的值「${truncate(text, MAX_VALUE_LENGTH)}」不是可用的数，已改用默认值。`);
      continue;
    }
    const accepted = snapToSpec(spec, value);
    if (value < spec.min || value > spec.max) {
      notes.push(`链接里「${label}」= ${truncate(text, MAX_VALUE_LENGTH)} 超出范围 ${spec.min}–${spec.max}，已改为 ${accepted}。`);
    } else if (Math.abs(accepted - value) > 1e-9 * Math.max(1, Math.abs(value))) {
      notes.push(`链接里「${label}」= ${truncate(text, MAX_VALUE_LENGTH)} 不在可选的刻度上，已改为 ${accepted}。`);
    }
    params[name] = accepted;
  }
  return { params, notes };
}

export const TOO_LONG_NOTE = `链接里的参数太长（超过 ${MAX_HASH_LENGTH} 个字符），已全部忽略，图用默认值。`;

// The defaults of a spec list, as a params object.
export function defaultParams(specs) {
  return Object.fromEntries(specs.map((spec) => [spec.name, spec.default]));
}

// states: iterable of [figureId, {params, specs}]. Figures at their defaults are left out, so a
// plain link stays plain; a changed figure writes all of its params, so the link reproduces it.
export function serialiseHash(states, { prefix = true } = {}) {
  const parts = [];
  for (const [id, { params, specs }] of states) {
    const changed = specs.some((spec) => params[spec.name] !== spec.default);
    if (!changed) continue;
    for (const spec of specs) {
      const key = prefix ? `${id}.${spec.name}` : spec.name;
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(params[spec.name]))}`);
    }
  }
  return parts.join('&');
}
