// The decoder figure's listing: a C++ function cut at build time from the very file compiled into
// the page (tools/extract_source.py → web/generated/*.json), one span per line, its tagged line
// groups lit as the step runs.
import { element } from '../../lib/dom.js';

const KEYWORD = /\b(const|return|double|static_cast|auto|int)\b/; // split() keeps the captured words

// One span per line (its file line number in data-ln, shown by CSS, so the code's text stays
// exactly the file's), comments and keywords as classes. Text only, never HTML.
// source: {file, code, lines: {tag: [line numbers]}, file_lines}; label names the region.
export function codeView(source, label) {
  const tagOf = new Map();
  for (const [tag, numbers] of Object.entries(source.lines ?? {})) for (const k of numbers) tagOf.set(k, tag);
  const codeEl = element('code');
  const lines = String(source.code ?? '').split('\n').map((text, index) => {
    const line = element('span', { class: 'code-line', 'data-ln': source.file_lines?.[index] ?? index + 1, 'data-tag': tagOf.get(index + 1) ?? null });
    const at = text.indexOf('//');
    const body = at >= 0 ? text.slice(0, at) : text;
    body.split(KEYWORD).forEach((piece, i) => {
      if (piece) line.append(i % 2 ? element('span', { class: 'tok-keyword' }, piece) : piece);
    });
    if (at >= 0) line.append(element('span', { class: 'tok-comment' }, text.slice(at)));
    if (index > 0) codeEl.append('\n');
    codeEl.append(line);
    return line;
  });
  const first = source.file_lines?.[0];
  const caption = element('p', { class: 'decoder-source' },
    `${source.file} 第 ${first}–${source.file_lines?.at(-1)} 行：编进本页 WebAssembly 的正是这个文件（构建时原样截取）`);
  const pre = element('pre', { class: 'decoder-code', tabindex: 0, role: 'region', 'aria-label': label });
  pre.append(codeEl);
  return {
    caption,
    pre,
    order: Object.keys(source.lines ?? {}), // the line groups, in the order the step runs them
    // Lights the groups that have run in this step (is-ran) and the one that ran last (is-current).
    highlight(phase) {
      for (const line of lines) {
        const at = this.order.indexOf(line.dataset.tag);
        line.classList.toggle('is-ran', at >= 0 && at < phase);
        line.classList.toggle('is-current', at >= 0 && at === phase);
      }
    },
    show(on) {
      caption.hidden = !on;
      pre.hidden = !on;
    },
  };
}
