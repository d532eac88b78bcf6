// A course site on another origin (a second server on its own port, named "localhost" while the
// chapter is served from 127.0.0.1) whose page frames one of the chapter's pages as a course
// author would. The host page reads its query:
//   src       the framed URL            sandbox  the frame's sandbox (default "allow-scripts";
//   spacer    px of text above the frame                "none": no sandbox attribute)
//   width     the frame's width (px)    resize   1: size the frame by its height messages
// and records every {type: 'attn-embed-height'} message in window.heights.
import assert from 'node:assert/strict';
import { startServer } from './harness.mjs';

const HOST_SCRIPT = `
const query = new URLSearchParams(location.search);
window.heights = [];
const spacer = document.createElement('div');
spacer.className = 'spacer';
spacer.style.height = (Number(query.get('spacer')) || 0) + 'px';
document.body.append(spacer);
const frame = document.createElement('iframe');
const sandbox = query.get('sandbox') ?? 'allow-scripts';
if (sandbox !== 'none') frame.setAttribute('sandbox', sandbox);
frame.title = 'embedded figure';
frame.width = query.get('width') ?? '760';
frame.height = '200';
frame.style.border = '0';
frame.style.display = 'block';
frame.style.maxWidth = '100%';
frame.src = query.get('src');
window.addEventListener('message', (event) => {
  if (!event.data || event.data.type !== 'attn-embed-height' || event.source !== frame.contentWindow) return;
  window.heights.push(event.data);
  if (query.get('resize') === '1') frame.height = String(event.data.height);
});
document.body.append(frame);
const after = document.createElement('p');
after.textContent = 'After the frame.';
document.body.append(after);
`;

export async function startHost() {
  return startServer({
    handler: (request, response) => {
      const path = new URL(request.url, 'http://x').pathname;
      if (path === '/host.js') {
        response.writeHead(200, { 'Content-Type': 'text/javascript' });
        return response.end(HOST_SCRIPT);
      }
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end('<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1"></head>'
        + '<body style="margin:0 8px"><h1>A course page</h1><script src="/host.js"></script></body></html>');
    },
  });
}

// Opens the host page framing `framed` (a URL path on the chapter's server `chapterUrl`).
// options: sandbox, spacer, frameWidth, resize (as above) and openPage's own (width, colorScheme…).
// Returns {page, errors, frame()} — frame() is the framed page once it has loaded.
export async function openHost(suite, host, chapterUrl, framed, { sandbox, spacer, frameWidth, resize, ...options } = {}) {
  const src = new URL(framed, chapterUrl).href;
  const query = new URLSearchParams({ src });
  if (sandbox !== undefined) query.set('sandbox', sandbox);
  if (spacer !== undefined) query.set('spacer', String(spacer));
  if (frameWidth !== undefined) query.set('width', String(frameWidth));
  if (resize) query.set('resize', '1');
  const hostUrl = new URL(`/host.html?${query}`, host.url.replace('127.0.0.1', 'localhost')).href;
  assert.notEqual(new URL(hostUrl).origin, new URL(src).origin);
  const opened = await suite.open(hostUrl, options);
  const frame = async () => {
    const handle = await opened.page.waitForSelector('iframe');
    const content = await handle.contentFrame();
    await content.waitForLoadState('load');
    return content;
  };
  return { ...opened, frame };
}

// Waits until the last height the host heard is the framed document's own height, measured
// afresh each time (the frame may still be laying out when the wait starts). Returns it.
export async function waitForHeightOf(page, frame, timeout = 10000) {
  const deadline = Date.now() + timeout;
  let own;
  let heard;
  do {
    own = await frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
    heard = await page.evaluate(() => window.heights.at(-1)?.height);
    if (own === heard) return own;
    await page.waitForTimeout(100);
  } while (Date.now() < deadline);
  throw new Error(`the host last heard ${heard} px; the framed page is ${own} px`);
}
