// The small toolbar every figure carries: 复制嵌入代码 (an <iframe> of embed.html with the
// figure's current state), export SVG, PNG (only for a figure that draws one) and the data as JSON.
import { element } from './dom.js';
import { exportJson, exportPng, exportSvg } from './export.js';
import { isFramed } from './frame-height.js';

// What the frame must be allowed, by figure: every figure runs scripts and its export buttons
// download files; figure2 also trains in Web Workers, which a page with an opaque origin (a
// sandbox without allow-same-origin) may not start.
const SANDBOX = 'allow-scripts allow-downloads';
const SANDBOX_BY_FIGURE = { figure2: `${SANDBOX} allow-same-origin` };

// The <iframe> snippet for a course page. The figure keeps no storage and talks to the host only
// by postMessage (its height).
export function embedSnippet({ id, url, title, height }) {
  const escapeAttribute = (s) => String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const sandbox = SANDBOX_BY_FIGURE[id] ?? SANDBOX;
  return [
    `<iframe src="${escapeAttribute(url)}" title="${escapeAttribute(title)}" sandbox="${sandbox}"`,
    `  loading="lazy" width="100%" height="${Math.ceil(height)}" style="border:0;max-width:100%"></iframe>`,
    `<!-- 高度自适应：图会向父页面 postMessage({type: 'attn-embed-height', fig, height})，请按 height 设置 iframe 的高度 -->`,
    `<!-- sandbox：allow-scripts 让图运行，allow-downloads 让导出按钮能下载文件${sandbox.includes('allow-same-origin') ? '，allow-same-origin 让读者能在浏览器里重新训练（去掉它，图仍显示构建时训练的结果）' : ''} -->`,
  ].join('\n');
}

async function copyText(text) {
  if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
  await navigator.clipboard.writeText(text);
}

// figure: {id, title, slot, embedUrl(), result(), svg()} — read at click time, so the exports
// hold the state shown at that moment. Returns {bar, panel, offerImages(yes)}: the host calls
// offerImages once the figure is drawn, to hide 导出 SVG / PNG where there is no drawing.
export function buildToolbar(figure) {
  const bar = element('div', { class: 'figure-toolbar', role: 'toolbar', 'aria-label': `${figure.title}：嵌入与导出` });
  const panel = element('div', { class: 'figure-toolbar-panel' });
  const status = panel.appendChild(element('p', { class: 'figure-toolbar-status', role: 'status', hidden: true }));
  const embedBox = panel.appendChild(element('div', { class: 'embed-code', hidden: true }));
  const copied = element('span', { class: 'embed-code-status', role: 'status' });
  const fieldId = `${figure.instanceId}-embed-code`;
  const field = element('textarea', { id: fieldId, readonly: true, rows: 5, spellcheck: 'false' });
  embedBox.append(element('label', { for: fieldId }, '嵌入代码 '), copied, field);

  const button = (label, action) => bar.appendChild(element('button', { type: 'button', 'data-action': action }, label));
  // parts: strings, and [text] for a name the reader types as it is (set in <code>, unbroken).
  const say = (...parts) => {
    status.replaceChildren(...parts.map((p) => (Array.isArray(p) ? element('code', {}, p[0]) : p)));
    status.hidden = !parts.length;
  };

  button('复制嵌入代码', 'embed').addEventListener('click', async () => {
    field.value = embedSnippet({ id: figure.id, url: figure.embedUrl(), title: figure.title, height: figure.slot.getBoundingClientRect().height });
    embedBox.hidden = false;
    try {
      await copyText(field.value);
      copied.textContent = '（已复制到剪贴板）';
    } catch {
      copied.textContent = '（无法访问剪贴板，请手动复制下面的代码）';
      field.focus();
      field.select();
    }
  });
  // Inside another site's frame a download can be refused by the frame's sandbox without any
  // sign the page could read: say what to look for.
  const exporting = (filename, run) => async () => {
    say();
    try {
      await run();
      if (isFramed()) say(`已生成 ${filename}。若浏览器没有开始下载：这张图嵌在别的网页里，那个网页需要在 iframe 的 sandbox 里加上 `, ['allow-downloads'], '。');
    } catch (error) {
      say(`导出失败：${error?.message ?? error}`);
    }
  };
  const needSvg = () => {
    const svg = figure.svg();
    if (!svg) throw new Error('这张图没有可导出的图形');
    return svg;
  };
  // Hidden until the first draw says whether the figure has a drawing to export (the formula has
  // none), so that they never show for a moment where they do not belong.
  const images = [
    button('导出 SVG', 'svg'),
    button('导出 PNG', 'png'),
  ];
  for (const b of images) b.hidden = true;
  images[0].addEventListener('click', exporting(`${figure.id}.svg`, () => exportSvg(needSvg(), `${figure.id}.svg`)));
  images[1].addEventListener('click', exporting(`${figure.id}.png`, () => exportPng(needSvg(), `${figure.id}.png`)));
  button('导出数据', 'json').addEventListener('click', exporting(`${figure.id}.json`, () => {
    const result = figure.result();
    if (!result) throw new Error('还没有数据');
    exportJson(result, `${figure.id}.json`);
  }));
  const offerImages = (yes) => {
    for (const b of images) b.hidden = !yes;
  };
  return { bar, panel, offerImages };
}
