// The three things the benchmark runs the core through:
//   native     build/native/bench/cpp/attn_bench (bench/cpp, on the native build's libraries)
//   WASM core  build/wasm/bench/cpp/attn_bench.mjs (bench/cpp, on the WASM build's libraries):
//              the same workload functions and timer as native, inside WASM
//   WASM API   build/wasm/attn_core.mjs, the module the page loads: its own functions and figures,
//              so conversion to and from JS is included
// buildDrivers() builds the first two, targets of the normal builds that `all` leaves out.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = (name, fallback) => process.env[name] ?? path.join(root, fallback);
const shippedDir = dir('ATTN_WASM_DIR', 'build/wasm');
const nativeDir = path.join(root, 'build/native'), wasmDir = path.join(root, 'build/wasm');
const nativeBuild = path.join(nativeDir, 'bench/cpp'), wasmBuild = path.join(wasmDir, 'bench/cpp');

function run(cmd, args) {
  execFileSync(cmd, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { NODE_PATH: '/usr/share/nodejs', ...process.env } });
}

export function buildDrivers(jobs = 2) {
  for (const build of [nativeDir, wasmDir])
    if (!fs.existsSync(path.join(build, 'CMakeCache.txt'))) throw new Error(`${build} is not configured: run ./build.sh build first`);
  run('cmake', ['--build', nativeDir, '--target', 'attn_bench', `-j${jobs}`]);
  run('cmake', ['--build', wasmDir, '--target', 'attn_bench', `-j${jobs}`]);
}

function nativeJson(args) {
  return JSON.parse(execFileSync(path.join(nativeBuild, 'attn_bench'), args, { encoding: 'utf8', maxBuffer: 256 << 20 }));
}

export const native = {
  time: (workload, size, reps, batch) => nativeJson(['time', workload, String(size), String(reps), String(batch)]).ms,
  result: (workload, size) => nativeJson(['result', workload, String(size)]),
};

// node 20 + emscripten 3.1.6: pass the binary ourselves (3.1.6's own fetch path breaks on node 20).
async function loadModule(dirName, base) {
  const mod = await import(path.join(dirName, `${base}.mjs`));
  return mod.default({ wasmBinary: fs.readFileSync(path.join(dirName, `${base}.wasm`)) });
}

export const loadBenchWasm = () => loadModule(wasmBuild, 'attn_bench');
export const loadShipped = () => loadModule(shippedDir, 'attn_core');
