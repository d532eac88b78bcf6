// embed.html?fig=<id>#<state>: one figure alone, for an <iframe sandbox="allow-scripts"> on
// another site. It relies on no storage or cookies (an opaque origin has none) and tells the
// host page its height by postMessage, on load and whenever it changes.
import { element, truncate } from './lib/dom.js';
import { linkFormulaTerms } from './lib/term-links.js';
import { mountFigures } from './lib/figure-page.js';
import { postHeightToHost } from './lib/frame-height.js';
import { markScriptRunning } from './lib/script-check.js';
import { figureModules } from './figures/index.js';

// The chapter's own slot for this figure (title and notes included) when the build put one in
// a <template>; otherwise a bare slot.
function figureSlot(id) {
  const template = [...document.querySelectorAll('template[data-figure-template]')]
    .find((t) => t.dataset.figureTemplate === id);
  if (template) return template.content.cloneNode(true);
  const slot = element('figure', { class: 'figure', 'data-figure': id });
  slot.append(element('div', { class: 'figure-mount' }), element('div', { class: 'figure-notes' }));
  return slot;
}

function main() {
  markScriptRunning();
  const id = new URLSearchParams(location.search).get('fig') ?? '';
  const root = document.getElementById('embed-root');
  const known = Object.hasOwn(figureModules, id) || document.querySelector(`template[data-figure-template="${CSS.escape(id)}"]`);
  if (!id || !known) {
    root.replaceChildren(element('p', { class: 'page-note', role: 'alert' }, id ? `没有这张图：「${truncate(id, 40)}」。` : '没有指定要显示的图（?fig=…）。'));
  } else {
    root.replaceChildren(figureSlot(id));
    const title = root.querySelector('.figure-title')?.textContent.trim();
    if (title) document.title = title;
  }
  postHeightToHost(id);
  linkFormulaTerms(document);
  if (known) mountFigures(root, { modules: figureModules, defaultFigure: id });
}

main();
