// Loads the Figure 2 module of the WASM core (attn_figure2.mjs + .wasm: training, evaluation,
// alignment), in a worker or on the page. It is a module of its own, loaded only when figure
// `figure2` needs it, so the page's cold load carries none of its training code.
import { WASM_EXCEPTIONS_MISSING, wasmExceptionsSupported } from '../../lib/wasm-support.js';

const loads = new Map();

// base: the URL the core files sit under (the page's document.baseURI).
export function loadFigure2Core(base) {
  if (!wasmExceptionsSupported()) return Promise.reject(new Error(WASM_EXCEPTIONS_MISSING));
  const key = String(base);
  if (!loads.has(key)) {
    const moduleUrl = new URL('attn_figure2.mjs', base).href;
    // A computed URL keeps esbuild from bundling the core. locateFile names the .wasm beside the
    // .mjs: in a module worker Emscripten 3.1.6 recognises neither "web" nor "worker" and would
    // look for it beside the worker's own script.
    const load = import(moduleUrl).then(({ default: create }) => create({ locateFile: (path) => new URL(path, moduleUrl).href }));
    load.catch(() => loads.delete(key)); // a failed load may be retried
    loads.set(key, load);
  }
  return loads.get(key);
}
