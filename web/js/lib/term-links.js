// Formula terms ↔ controls. A formula term is an element carrying data-term="NAME" inside a
// KaTeX formula (from \htmlData{term=NAME}{…}); a control carries the same data-term. Pointing
// at, focusing or tapping either one lights every element with that data-term, so the reader
// sees which slider changes which symbol and back. One set of listeners on the document serves
// all figures, including ones mounted later.

const LIT = 'is-lit';
const FORMULA_TERM = '.katex [data-term]';
const CONTROL = '.control[data-term]';

let hovered = null;   // term under the pointer or focus
let pinned = null;    // term tapped/clicked on (touch has no hover), until tapped again

const termOf = (node) => (node instanceof Element ? node.closest(`${FORMULA_TERM}, ${CONTROL}`)?.dataset.term ?? null : null);

function render(root) {
  const active = new Set([hovered, pinned].filter(Boolean));
  for (const node of root.querySelectorAll(`.${LIT}`)) {
    if (!active.has(node.dataset.term)) node.classList.remove(LIT);
  }
  for (const term of active) {
    for (const node of root.querySelectorAll(`[data-term="${CSS.escape(term)}"]`)) node.classList.add(LIT);
  }
}

// Lights `term` (or nothing, with null) from code, e.g. while a control is dragged.
export function lightTerm(term, root = document) {
  if (term === hovered) return; // e.g. every input event of a drag: nothing new to light
  hovered = term;
  render(root);
}

// Installs the listeners once per document.
export function linkFormulaTerms(root = document) {
  if (root.documentElement?.dataset.termLinks) return;
  if (root.documentElement) root.documentElement.dataset.termLinks = 'on';
  root.addEventListener('pointerover', (event) => {
    lightTerm(termOf(event.target), root);
  });
  root.addEventListener('pointerleave', () => lightTerm(null, root), true);
  root.addEventListener('focusin', (event) => lightTerm(termOf(event.target), root));
  root.addEventListener('focusout', () => lightTerm(null, root));
  root.addEventListener('input', (event) => lightTerm(termOf(event.target), root));
  root.addEventListener('click', (event) => {
    // A button that pins a term itself (the legend's, data-pins-term) clicks the term: that
    // click is the one to read, not the button's.
    if (event.target instanceof Element && event.target.closest('[data-pins-term]')) return;
    const onFormula = event.target instanceof Element && event.target.closest(FORMULA_TERM);
    const term = onFormula ? onFormula.dataset.term : null;
    if (onFormula || pinned) {
      pinned = term && term !== pinned ? term : null;
      render(root);
    }
  });
  root.addEventListener('keydown', (event) => {
    const onFormula = event.target instanceof Element && event.target.closest(FORMULA_TERM);
    if (onFormula && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      onFormula.click();
    }
  });
}

// KaTeX hides its HTML rendition from screen readers (they read the MathML copy). A focusable
// term must not sit in a hidden subtree, so in a linked formula the HTML rendition is read
// instead and the MathML copy hidden: the terms become buttons that say what controls them.
function exposeTermsToScreenReaders(katexRoot) {
  if (!katexRoot || katexRoot.dataset.termsExposed) return;
  katexRoot.dataset.termsExposed = 'true';
  katexRoot.querySelector('.katex-html')?.removeAttribute('aria-hidden');
  katexRoot.querySelector('.katex-mathml')?.setAttribute('aria-hidden', 'true');
}

// Makes each formula term that some control changes focusable, and tells screen readers which
// controls change it ("由滑杆「句长 n」控制"). Call again after figures mount.
export function describeFormulaTerms(root = document) {
  for (const term of root.querySelectorAll(FORMULA_TERM)) {
    const controls = [...root.querySelectorAll(`${CONTROL}[data-term="${CSS.escape(term.dataset.term)}"]`)];
    if (!controls.length) continue;
    const names = [...new Set(controls.map((control) => {
      const label = control.querySelector('.control-label')?.textContent.trim() ?? control.dataset.param;
      const figure = control.closest('[data-figure]')?.querySelector('.figure-title')?.textContent.trim();
      return `${control.dataset.kind ?? '控件'}「${label}」${figure ? `（${figure}）` : ''}`;
    }))];
    exposeTermsToScreenReaders(term.closest('.katex'));
    term.setAttribute('tabindex', '0');
    term.setAttribute('role', 'button');
    term.setAttribute('aria-description', `由${names.join('、')}控制`);
    term.classList.add('term-linked');
  }
}
