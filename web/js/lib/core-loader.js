// Loads the WASM core (attn_core.mjs + attn_core.wasm beside the page). Any failure — the files
// missing, blocked (CSP, CORS) or corrupt — becomes a CoreLoadError with a message for the
// reader, so every figure slot can say what failed while the text stays readable.
import { WASM_EXCEPTIONS_MISSING, wasmExceptionsSupported } from './wasm-support.js';

export class CoreLoadError extends Error {
  constructor(message, cause) {
    super(message);
    this.name = 'CoreLoadError';
    this.cause = cause;
  }
}

const LOAD_TIMEOUT_MS = 20000;

function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}：等了 ${ms / 1000} 秒仍未完成`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const describe = (error) => (error && error.message ? error.message : String(error));

// The core's compiled code, asked for as soon as loadCore() is called, beside its script: the
// script's own fetch of it would start only once the script has arrived and run (55–230 ms
// later in the benchmark's cold loads), and the compile then waited for that download. Compiled
// while it streams in where the server says application/wasm; otherwise (a host that serves it
// as something else) from its bytes. Rejects with what went wrong: the file missing, blocked
// or not a WebAssembly module.
function compileWasm(url) {
  return fetch(url, { credentials: 'same-origin' }).then((response) => {
    if (!response.ok) throw new Error(`${url} 返回 HTTP ${response.status}`);
    const isWasm = (response.headers.get('Content-Type') ?? '').split(';')[0].trim() === 'application/wasm';
    if (isWasm) return WebAssembly.compileStreaming(response);
    return response.arrayBuffer().then((bytes) => WebAssembly.compile(bytes));
  });
}

// Hands Emscripten's start-up the module compiled above (its `instantiateWasm` hook); a failure
// there would leave the factory's promise waiting forever, so it rejects `failed` instead.
function startFrom(compiled) {
  let fail;
  const failed = new Promise((_, reject) => {
    fail = reject;
  });
  const instantiateWasm = (imports, receiveInstance) => {
    compiled.then((module) => WebAssembly.instantiate(module, imports))
      .then((instance) => receiveInstance(instance), fail);
    return {}; // the exports come later, through receiveInstance
  };
  return { options: { instantiateWasm }, failed };
}

// Resolves to the core module: {figures(), figure(id, params), …}. One load per page: the first
// call starts it and later calls share it (main.js starts it early when a figure on screen needs
// it, and the figures ask for it when they mount).
let loading = null;
export function loadCore() {
  loading ??= load();
  return loading;
}

async function load({ baseUrl = document.baseURI, timeoutMs = LOAD_TIMEOUT_MS } = {}) {
  if (!wasmExceptionsSupported()) throw new CoreLoadError(WASM_EXCEPTIONS_MISSING);
  const moduleUrl = new URL('attn_core.mjs', baseUrl).href;
  const compiled = compileWasm(new URL('attn_core.wasm', baseUrl).href);
  compiled.catch(() => {}); // reported below, once the script is in
  let factory;
  try {
    // A computed URL keeps esbuild from bundling the core: it is fetched as its own file.
    factory = (await withTimeout(import(moduleUrl), timeoutMs, '载入 attn_core.mjs')).default;
  } catch (error) {
    throw new CoreLoadError(`计算核心的脚本 attn_core.mjs 没能载入（${describe(error)}）。`, error);
  }
  if (typeof factory !== 'function') {
    throw new CoreLoadError('attn_core.mjs 不是预期的计算核心模块（没有默认导出的工厂函数）。');
  }
  let core;
  try {
    const { options, failed } = startFrom(compiled);
    core = await withTimeout(Promise.race([factory(options), failed]), timeoutMs, '启动 attn_core.wasm');
  } catch (error) {
    throw new CoreLoadError(`计算核心 attn_core.wasm 没能启动：文件缺失、被拦截或已损坏（${describe(error)}）。`, error);
  }
  if (['figures', 'figure', 'figureAtOnce'].some((name) => typeof core[name] !== 'function')) {
    throw new CoreLoadError('计算核心缺少 figures() / figure() / figureAtOnce() 接口，版本与页面不匹配。');
  }
  return core;
}

// The figures' specs by id, read once: Map(id → {id, title, params: [spec…]}).
export function figureSpecs(core) {
  const specs = new Map();
  for (const figure of core.figures()) specs.set(figure.id, figure);
  return specs;
}
