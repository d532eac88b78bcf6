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
