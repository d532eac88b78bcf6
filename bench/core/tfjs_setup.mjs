// TensorFlow.js for the benchmark, offline. tfjs_entry.mjs (core + gradients + the CPU and WASM
// backends) is bundled by esbuild into one CommonJS file under build/, loaded with require; the
// WASM backend reads the .wasm files of its own npm package (no network).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import esbuild from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const packages = path.join(here, '..', 'node_modules'); // bench/package.json's
const require = createRequire(import.meta.url);

export const BACKENDS = ['cpu', 'wasm'];

// The bundle is rebuilt every run: it takes well under a second.
export function loadTf(bundleFile) {
  esbuild.buildSync({
    entryPoints: [path.join(here, 'tfjs_entry.mjs')], bundle: true, platform: 'node', format: 'cjs',
    mainFields: ['module', 'main'],  // the ES sources, so core and backends share one copy
    outfile: bundleFile, logLevel: 'warning',
  });
  const tf = require(bundleFile);
  tf.setWasmPaths(path.join(packages, '@tensorflow/tfjs-backend-wasm/dist') + path.sep);
  return tf;
}

// Switches to backend `name`; returns a description of what runs, for the report.
export async function useBackend(tf, name) {
  if (!(await tf.setBackend(name))) throw new Error(`TF.js backend ${name} did not initialise`);
  await tf.ready();
  if (name !== 'wasm') return 'tfjs-backend-cpu (plain JavaScript kernels)';
  const simd = tf.env().getBool('WASM_HAS_SIMD_SUPPORT');
  const threads = tf.env().getBool('WASM_HAS_MULTITHREAD_SUPPORT');
  return `tfjs-backend-wasm (XNNPACK${simd ? ', SIMD' : ''}${threads ? ', threads' : ', one thread'})`;
}
