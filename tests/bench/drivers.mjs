// The three things the benchmark runs the core through:
//   native     build/bench-native/attn_bench (cpp/bench, linked with build/native/libattn.a)
//   WASM core  build/bench-wasm/attn_bench.mjs (cpp/bench, linked with build/wasm/libattn.a):
//              the same workload functions and timer as native, inside WASM
//   WASM API   build/wasm/attn_core.mjs, the module the page loads: its own functions and figures,
//              so conversion to and from JS is included
// buildDrivers() configures and builds the first two (the libraries come from ./build.sh build).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = (name, fallback) => process.env[name] ?? path.join(root, fallback);
const nativeLib = dir('ATTN_BENCH_NATIVE_LIB', 'build/native/libattn.a');
const wasmLib = dir('ATTN_BENCH_WASM_LIB', 'build/wasm/libattn.a');
const shippedDir = dir('ATTN_WASM_DIR', 'build/wasm');
const nativeBuild = path.join(root, 'build/bench-native'), wasmBuild = path.join(root, 'build/bench-wasm');

function run(cmd, args) {
  execFileSync(cmd, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { NODE_PATH: '/usr/share/nodejs', ...process.env } });
}

export function buildDrivers(jobs = 2) {
  for (const lib of [nativeLib, wasmLib])
    if (!fs.existsSync(lib)) throw new Error(`${lib} is missing: run ./build.sh build first`);
  run('cmake', ['-S', 'cpp/bench', '-B', nativeBuild, `-DATTN_LIB=${nativeLib}`]);
  run('cmake', ['--build', nativeBuild, `-j${jobs}`]);
  run('emcmake', ['cmake', '-S', 'cpp/bench', '-B', wasmBuild, `-DATTN_LIB=${wasmLib}`, '-DCMAKE_CROSSCOMPILING_EMULATOR=']);
  run('cmake', ['--build', wasmBuild, `-j${jobs}`]);
}

function nativeJson(args) {
  return JSON.parse(execFileSync(path.join(nativeBuild, 'attn_bench'), args, { encoding: 'utf8', maxBuffer: 256 << 20 }));
}

export const native = {
  time: (workload, size, reps, batch) => nativeJson(['time', workload, String(size), String(reps), String(batch)]).ms,
  result: (workload, size) => nativeJson(['result', workload, String(size)]),
};

// node 20 + emscripten 3.1.6: pass the binary ourselves (DESIGN.md).
async function loadModule(dirName, base) {
  const mod = await import(path.join(dirName, `${base}.mjs`));
  return mod.default({ wasmBinary: fs.readFileSync(path.join(dirName, `${base}.wasm`)) });
}

export const loadBenchWasm = () => loadModule(wasmBuild, 'attn_bench');
export const loadShipped = () => loadModule(shippedDir, 'attn_core');
