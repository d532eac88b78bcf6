// A static file server for dist/ (for `./build.sh serve` and the browser tests).
// Node's http only: correct MIME types (application/wasm, text/javascript for .mjs), no
// directory traversal, and `Access-Control-Allow-Origin: *` on every file, because embed.html
// inside <iframe sandbox="allow-scripts"> has an opaque origin: its module scripts, the .wasm
// fetch and the @font-face fonts are all CORS requests, and would fail without that header.
// Files are sent compressed when the build wrote a compressed copy beside them (NAME.br, NAME.gz:
// web/build.mjs) and the browser accepts it: Content-Encoding says which, Vary says it depends.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export const DEFAULT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');

// Maps a URL path to a file under root, or null when it would leave root.
function resolveInside(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = path.resolve(root, '.' + path.posix.normalize('/' + decoded));
  return file === root || file.startsWith(root + path.sep) ? file : null;
}

// The encodings a request accepts, in the order we prefer them: brotli is the smaller.
// (q=0 refuses one; anything else counts as accepted.)
function acceptedEncodings(header = '') {
  const accepted = new Set();
  for (const part of String(header).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return [['br', '.br'], ['gzip', '.gz']].filter(([name]) => accepted.has(name));
}

// The file to send for `file`: its compressed copy when one exists and is accepted.
// Returns {path, size, encoding (null: as is)}.
function variantOf(file, stats, acceptEncoding) {
  for (const [encoding, suffix] of acceptedEncodings(acceptEncoding)) {
    const compressed = `${file}${suffix}`;
    const found = fs.statSync(compressed, { throwIfNoEntry: false });
    if (found?.isFile()) return { path: compressed, size: found.size, encoding };
  }
  return { path: file, size: stats.size, encoding: null };
}

// Returns an http.Server (not yet listening) that serves the files under root.
// options.headers: extra headers for every response (e.g. a CSP under test);
// options.cors = false leaves out Access-Control-Allow-Origin (a host that forgot it, under test).
export function createStaticServer(root = DEFAULT_ROOT, options = {}) {
  const absoluteRoot = path.resolve(root);
  return http.createServer((request, response) => {
    const send = (status, body, type = 'text/plain; charset=utf-8') => {
      response.writeHead(status, { 'Content-Type': type, ...commonHeaders(options) });
      response.end(request.method === 'HEAD' ? undefined : body);
    };
    if (request.method !== 'GET' && request.method !== 'HEAD') return send(405, 'method not allowed');
    const urlPath = new URL(request.url, 'http://localhost').pathname;
    let file = resolveInside(absoluteRoot, urlPath);
    if (!file) return send(403, 'forbidden');
    fs.stat(file, (error, stats) => {
      if (!error && stats.isDirectory()) {
        file = path.join(file, 'index.html');
        stats = fs.existsSync(file) ? fs.statSync(file) : null;
      }
      if (error || !stats || !stats.isFile()) return send(404, 'not found');
      const type = MIME_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
      const sent = variantOf(file, stats, request.headers['accept-encoding']);
      response.writeHead(200, {
        'Content-Type': type,
        'Content-Length': sent.size,
        ...(sent.encoding ? { 'Content-Encoding': sent.encoding } : {}),
        Vary: 'Accept-Encoding',
        'Cache-Control': 'no-cache',
        ...commonHeaders(options),
      });
      if (request.method === 'HEAD') return response.end();
      fs.createReadStream(sent.path).pipe(response);
    });
  });
}

function commonHeaders(options) {
  return {
    ...(options.cors === false ? {} : { 'Access-Control-Allow-Origin': '*' }),
    'X-Content-Type-Options': 'nosniff',
    ...(options.headers ?? {}),
  };
}

// Listens on host:port (port 0 = any free port); resolves to {server, url}.
export function listen(server, port = 0, host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      resolve({ server, url: `http://${host}:${server.address().port}/` });
    });
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // node web/serve.mjs [--port N | N]   (or PORT=N); DIST_DIR=… serves another folder.
  const args = process.argv.slice(2);
  const flag = args.indexOf('--port');
  const port = Number(flag >= 0 ? args[flag + 1] : args[0] ?? process.env.PORT ?? 8000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`serve: bad port ${JSON.stringify(flag >= 0 ? args[flag + 1] : args[0])}`);
    process.exit(2);
  }
  const root = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : DEFAULT_ROOT;
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    console.error(`serve: ${root}/index.html is missing; build first (node web/build.mjs)`);
    process.exit(1);
  }
  const { url } = await listen(createStaticServer(root), port);
  console.log(`serving ${root} at ${url}`);
}
