// What a formula term says to a screen reader and the keyboard: a term that something on this
// page changes becomes a focusable button naming what changes it; one that nothing here changes
// loses its dashes (the links themselves: term-index.js).
import { FORMULA_TERM, linksOf, termElements } from './term-index.js';
import { shortTitle } from './stand-in.js';
import { writeAttribute } from './write-changed.js';

// KaTeX hides its HTML rendition from screen readers (they read the MathML copy). A focusable
// term must not sit in a hidden subtree, so in a linked formula the HTML rendition is read
// instead and the MathML copy hidden: the terms become buttons that say what controls them.
function exposeTermsToScreenReaders(katexRoot) {
  if (!katexRoot || katexRoot.dataset.termsExposed) return;
  katexRoot.dataset.termsExposed = 'true';
  katexRoot.querySelector('.katex-html')?.removeAttribute('aria-hidden');
  katexRoot.querySelector('.katex-mathml')?.setAttribute('aria-hidden', 'true');
}

// 「滑杆「除以 √d 的 d」（核心大图 · 一张图走完三步）」
const controlName = (link) => {
  const label = link.control?.querySelector('.control-label')?.textContent.trim()
    ?? link.figure.spec.params.find((p) => p.name === link.params[0])?.label ?? link.params[0];
  const figure = link.figure.title ? `（${shortTitle(link.figure.title)}）` : '';
  return `${link.control?.dataset.kind ?? '滑杆'}「${label}」${figure}`;
};

// Makes every formula term that something on this page changes a focusable button that says
// what changes it (「由滑杆「句长 n」控制」); a term nothing here changes loses its dashes.
// Call again after figures are indexed: each figure's mount does. Only what changed is written:
// every write restyles the term, and a term whose popover is open keeps aria-expanded="true".
export function describeFormulaTerms() {
  for (const term of termElements()) {
    if (!term.matches(FORMULA_TERM)) continue;
    const links = linksOf(term);
    term.classList.toggle('term-linked', links.length > 0);
    if (!links.length) continue;
    const direct = [...new Set(links.filter((l) => l.how === 'direct').map(controlName))];
    const indirect = [...new Set(links.filter((l) => l.how === 'indirect').map(controlName))];
    exposeTermsToScreenReaders(term.closest('.katex'));
    writeAttribute(term, 'tabindex', 0);
    writeAttribute(term, 'role', 'button');
    writeAttribute(term, 'aria-haspopup', 'dialog');
    if (!term.hasAttribute('aria-expanded')) term.setAttribute('aria-expanded', 'false');
    writeAttribute(term, 'aria-description', [direct.length ? `由${direct.join('、')}控制` : '', indirect.length ? `间接：${indirect.join('、')}` : ''].filter(Boolean).join('；'));
  }
}
