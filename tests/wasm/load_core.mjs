// Loads the built WASM module in node (passing wasmBinary ourselves, since emscripten 3.1.6's
// own fetch path breaks on node 20) and runs the native tool, for comparisons.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const wasmDir = process.env.ATTN_WASM_DIR ?? path.join(root, 'build/wasm');
export const nativeTool = process.env.ATTN_NATIVE_TOOL ?? path.join(root, 'build/native/attn');

export async function loadCore() {
  const { default: createAttnCore } = await import(path.join(wasmDir, 'attn_core.mjs'));
  return createAttnCore({ wasmBinary: fs.readFileSync(path.join(wasmDir, 'attn_core.wasm')) });
}

// The Figure 2 module (training, evaluation, alignment), a module of its own beside the core.
export async function loadFigure2Core() {
  const { default: createAttnFigure2 } = await import(path.join(wasmDir, 'attn_figure2.mjs'));
  return createAttnFigure2({ wasmBinary: fs.readFileSync(path.join(wasmDir, 'attn_figure2.wasm')) });
}

export function runNative(args) {
  return JSON.parse(execFileSync(nativeTool, args, { encoding: 'utf8', maxBuffer: 64 << 20 }));
}

export function nativeFigure(id, params) {
  const args = ['figure', id];
  for (const [name, value] of Object.entries(params)) args.push(`--${name}`, String(value));
  return runNative(args);
}

// Largest absolute difference between two JSON-like values (Float64Array ≡ array); throws on a
// difference of structure, so that "close numbers" never hides a missing field.
export function maxAbsDifference(a, b, where = '$') {
  if (ArrayBuffer.isView(a)) a = Array.from(a);
  if (ArrayBuffer.isView(b)) b = Array.from(b);
  if (typeof a === 'number' || typeof b === 'number' || a === null || b === null) {
    if (a === null && b === null) return 0;
    if (typeof a !== 'number' || typeof b !== 'number') throw new Error(`${where}: ${a} vs ${b}`);
    if (!Number.isFinite(a) || !Number.isFinite(b)) {
      if (Object.is(a, b)) return 0;
      throw new Error(`${where}: ${a} vs ${b}`);
    }
    return Math.abs(a - b);
  }
  if (typeof a !== typeof b) throw new Error(`${where}: types ${typeof a} vs ${typeof b}`);
  if (typeof a !== 'object') {
    if (a !== b) throw new Error(`${where}: ${a} vs ${b}`);
    return 0;
  }
  if (Array.isArray(a) !== Array.isArray(b)) throw new Error(`${where}: array vs object`);
  const keys = Array.isArray(a) ? [...a.keys()] : Object.keys(a);
  const otherKeys = Array.isArray(b) ? [...b.keys()] : Object.keys(b);
  if (keys.length !== otherKeys.length) throw new Error(`${where}: ${keys.length} vs ${otherKeys.length} entries`);
  let worst = 0;
  for (const k of keys) worst = Math.max(worst, maxAbsDifference(a[k], b[k], `${where}.${k}`));
  return worst;
}

// Parameter sets that exercise a figure's whole range: defaults, then each parameter at its
// min and its max with the others at their defaults.
export function sampleParams(spec) {
  const sets = [{}];
  for (const p of spec.params) {
    sets.push({ [p.name]: p.min });
    sets.push({ [p.name]: p.max });
  }
  return sets;
}
