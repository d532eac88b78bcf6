// The small toolbar every figure carries: 复制嵌入代码 (an <iframe> of embed.html with the
// figure's current state), export SVG, PNG and the data as JSON.
import { element } from './dom.js';
import { exportJson, exportPng, exportSvg } from './export.js';

// The <iframe> snippet for a course page. sandbox="allow-scripts" is all the figure needs: it
// keeps no storage and talks to the host only by postMessage (its height).
export function embedSnippet({ url, title, height }) {
  const escapeAttribute = (s) => String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return [
    `<iframe src="${escapeAttribute(url)}" title="${escapeAttribute(title)}" sandbox="allow-scripts"`,
    `  loading="lazy" width="100%" height="${Math.ceil(height)}" style="border:0;max-width:100%"></iframe>`,
    `<!-- 高度自适应：图会向父页面 postMessage({type: 'attn-embed-height', fig, height}) -->`,
  ].join('\n');
}

async function copyText(text) {
  if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
  await navigator.clipboard.writeText(text);
}

// figure: {id, title, slot, embedUrl(), result(), svg()} — read at click time, so the exports
// hold the state shown at that moment.
export function buildToolbar(figure) {
  const bar = element('div', { class: 'figure-toolbar', role: 'toolbar', 'aria-label': `${figure.title}：嵌入与导出` });
  const panel = element('div', { class: 'embed-code', hidden: true });
  const status = element('span', { class: 'embed-code-status', role: 'status' });
  const fieldId = `${figure.instanceId}-embed-code`;
  const field = element('textarea', { id: fieldId, readonly: true, rows: 4, spellcheck: 'false' });
  panel.append(element('label', { for: fieldId }, '嵌入代码 '), status, field);

  const button = (label, action) => {
    const b = element('button', { type: 'button', 'data-action': action }, label);
    bar.append(b);
    return b;
  };
  const flag = (text) => {
    status.textContent = text;
  };

  button('复制嵌入代码', 'embed').addEventListener('click', async () => {
    field.value = embedSnippet({ url: figure.embedUrl(), title: figure.title, height: figure.slot.getBoundingClientRect().height });
    panel.hidden = false;
    try {
      await copyText(field.value);
      flag('（已复制到剪贴板）');
    } catch {
      flag('（无法访问剪贴板，请手动复制下面的代码）');
      field.focus();
      field.select();
    }
  });
  const exporting = (run) => () => {
    try {
      const result = run();
      if (result?.catch) result.catch((error) => flag(`（导出失败：${error.message}）`));
    } catch (error) {
      panel.hidden = false;
      flag(`（导出失败：${error.message}）`);
    }
  };
  const needSvg = () => {
    const svg = figure.svg();
    if (!svg) throw new Error('这张图没有 SVG');
    return svg;
  };
  button('导出 SVG', 'svg').addEventListener('click', exporting(() => exportSvg(needSvg(), `${figure.id}.svg`)));
  button('导出 PNG', 'png').addEventListener('click', exporting(() => exportPng(needSvg(), `${figure.id}.png`)));
  button('导出数据', 'json').addEventListener('click', exporting(() => {
    const result = figure.result();
    if (!result) throw new Error('还没有数据');
    exportJson(result, `${figure.id}.json`);
  }));
  return { bar, panel };
}
