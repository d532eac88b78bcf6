// The static server (web/serve.mjs): MIME types the browser insists on, CORS for the
// sandboxed embed, and no way out of dist/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { assertBuilt, startServer } from './harness.mjs';

let server;
before(async () => {
  assertBuilt();
  server = await startServer();
});
after(() => server?.close());

// A raw request, so that "../" reaches the server as written (fetch would normalise it).
function rawGet(path) {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    http.get({ hostname, port, path }, (response) => {
      response.resume();
      response.on('end', () => resolve(response));
    }).on('error', reject);
  });
}

test('files are served with the right types and CORS', async () => {
  for (const [path, type] of [['index.html', 'text/html'], ['embed.html', 'text/html'], ['attn_core.mjs', 'text/javascript'],
    ['attn_core.wasm', 'application/wasm'], ['css/app.css', 'text/css'], ['js/main.js', 'text/javascript']]) {
    const response = await fetch(new URL(path, server.url));
    assert.equal(response.status, 200, path);
    assert.ok(response.headers.get('content-type').startsWith(type), `${path}: ${response.headers.get('content-type')}`);
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
  }
  assert.ok((await fetch(server.url)).headers.get('content-type').startsWith('text/html'), '/ serves index.html');
});

test('paths cannot leave dist/', async () => {
  for (const path of ['/../web/package.json', '/..%2fweb%2fpackage.json', '/%2e%2e/%2e%2e/etc/passwd', '/css/../../web/build.mjs', '/%00']) {
    const response = await rawGet(path);
    assert.ok([403, 404].includes(response.statusCode), `${path} → ${response.statusCode}`);
  }
  assert.equal((await rawGet('/no-such-file.txt')).statusCode, 404);
});

// A raw request with the given Accept-Encoding; resolves to {response, body (bytes as sent)}.
function rawGetEncoded(path, acceptEncoding) {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    http.get({ hostname, port, path, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ response, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

test('the build\'s compressed copies are sent to a browser that accepts them, the same bytes once decoded', async () => {
  const zlib = await import('node:zlib');
  for (const path of ['/index.html', '/attn_core.wasm', '/css/app.css', '/js/main.js']) {
    const plain = await rawGetEncoded(path, null);
    assert.equal(plain.response.headers['content-encoding'], undefined, `${path} as is when nothing is accepted`);
    assert.equal(plain.response.headers.vary, 'Accept-Encoding');
    const br = await rawGetEncoded(path, 'gzip, deflate, br');
    assert.equal(br.response.headers['content-encoding'], 'br', path);
    assert.ok(br.body.length < plain.body.length, `${path}: brotli ${br.body.length} < ${plain.body.length}`);
    assert.deepEqual(zlib.brotliDecompressSync(br.body), plain.body, path);
    const gzip = await rawGetEncoded(path, 'gzip;q=1, br;q=0');
    assert.equal(gzip.response.headers['content-encoding'], 'gzip', `${path}: br refused with q=0`);
    assert.deepEqual(zlib.gunzipSync(gzip.body), plain.body, path);
    assert.equal(Number(gzip.response.headers['content-length']), gzip.body.length, path);
  }
  // Fonts are compressed already: no copy, sent as they are.
  const font = (await rawGetEncoded('/css/fonts/KaTeX_Main-Regular.woff2', 'br, gzip')).response;
  assert.equal(font.headers['content-encoding'], undefined);
});
