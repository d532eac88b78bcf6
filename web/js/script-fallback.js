// A classic script, loaded after the page's module script (both deferred, so it runs once the
// module has run or failed). A module script is fetched with CORS; a classic one is not. Inside
// a sandboxed <iframe> (an opaque origin) every file is cross-origin, so a host that serves the
// files without `Access-Control-Allow-Origin` gets no module at all — and, without this script,
// a blank frame. This one finds out why the module did not run, says so where the figures
// would be, and tells the host the frame's height, as the module would have.
import { scriptRan } from './lib/script-check.js';
import { postHeightToHost } from './lib/frame-height.js';

const filesOrigin = () => new URL(document.baseURI).origin;

// Opened from a folder (a copy of dist/ taken to a classroom without a network, a saved page):
// browsers load no module script and no WebAssembly from file://, whatever the files are. The
// text reads; the figures need the same folder served, by any static server.
const FROM_FILE = '这个页面是直接从文件打开的（file://），浏览器不允许这样打开的页面运行互动图的脚本和计算核心。'
  + '请用本地网页服务器打开这个文件夹，例如在它里面运行 python3 -m http.server 8000，再在浏览器里访问 http://localhost:8000/。';

// Asks the server for the module once more, first as the module loader did (CORS), then as a
// plain request: the second succeeding where the first failed means the header is missing.
async function whyNotRunning(src) {
  if (location.protocol === 'file:') return FROM_FILE;
  if (typeof fetch !== 'function') return '这个浏览器太旧，运行不了本页的脚本。';
  try {
    const response = await fetch(src, { mode: 'cors', cache: 'no-store' });
    if (!response.ok) return `脚本文件 ${new URL(src).pathname} 不在服务器上（HTTP ${response.status}）。`;
    return '浏览器没能运行本页的脚本：它也许太旧，或是网页的内容安全策略（CSP）拦下了脚本。';
  } catch {
    // A CORS failure and a network failure look alike from here; a no-cors request tells them apart.
  }
  try {
    await fetch(src, { mode: 'no-cors', cache: 'no-store' });
    return `提供这些文件的服务器（${filesOrigin()}）没有发送 Access-Control-Allow-Origin 头。`
      + '嵌在沙箱 iframe 里的页面要载入自己的脚本，服务器必须为每个文件发送 Access-Control-Allow-Origin: *；请网站管理员加上它。';
  } catch {
    return `连不上提供这些文件的服务器（${filesOrigin()}），或请求被拦下了。`;
  }
}

function show(text) {
  const embedRoot = document.getElementById('embed-root');
  if (embedRoot) {
    const note = document.createElement('p');
    note.className = 'page-note';
    note.setAttribute('role', 'alert');
    note.textContent = `这张互动图没能运行：${text}`;
    embedRoot.replaceChildren(note);
    return;
  }
  for (const slot of document.querySelectorAll('[data-figure]')) {
    const mount = slot.querySelector('.figure-mount');
    if (!mount) continue;
    const note = document.createElement('p');
    note.className = 'figure-status is-error';
    note.textContent = `互动图没能运行：${text}正文不受影响。`;
    mount.replaceChildren(note);
    slot.dataset.state = 'error';
  }
}

if (!scriptRan()) {
  // The contents' list was folded for the module's bar (toc.css): without the module, open it.
  document.querySelector('.toc')?.classList.add('is-static');
  // The figures wait for the module to lay them out (layout.css): without it, lay them out now,
  // so that each says why it is not drawn.
  for (const figure of document.querySelectorAll('.figure')) figure.classList.add('is-laid-out');
  // The page's own module (embed.html's first, async, only asks for the core's files).
  const module = document.querySelector('script[type="module"][src]:not([async])');
  const shown = module ? whyNotRunning(module.src) : Promise.resolve('本页的脚本没有运行。');
  shown.then((text) => {
    show(text);
    // The host sizes the frame by this message; without it the note could be cut off.
    postHeightToHost(document.getElementById('embed-root') ? new URLSearchParams(location.search).get('fig') : null);
  });
}
