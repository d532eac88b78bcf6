// A stand-in: a figure's controls shown away from the figure (in the popover beside a formula
// term), built from the same spec and bound to the same state. Moving it sets the figure's
// params, which moves the real control, redraws the figure and writes the URL; under its name,
// one line says what it changes, as the figure shows it now (term-readouts.js).
import { element, isDisplayed } from './dom.js';
import { buildControls } from './controls.js';

// 「核心大图 · 一张图走完三步：谁被打分…」 → 「核心大图 · 一张图走完三步」
export const shortTitle = (text) => String(text ?? '').split(/[：:]/)[0].trim();

// What the reader finds of a control on the page: the control itself, or the closed <details>
// that holds it; null when it is hidden otherwise.
export const shownPartOf = (control) => (isDisplayed(control) ? control : control.closest('details'));

// Where the real control is, seen from the viewport: 'above', 'below' or 'here' (wholly in
// view). A control in a closed <details> is where its <details> is.
export function whereIs(control) {
  const shown = shownPartOf(control) ?? control;
  const box = shown.getBoundingClientRect();
  if (box.bottom <= 0) return 'above';
  if (box.top >= window.innerHeight) return 'below';
  if (shown !== control) return box.top < 0 ? 'above' : 'below';
  return box.top >= 0 && box.bottom <= window.innerHeight ? 'here' : box.top < 0 ? 'above' : 'below';
}

const ARROW = { above: '↑', below: '↓' };

// figure: a mounted or headless figure (figure-host.js, headless-figure.js); links: this
// figure's links to the term (term-index.js); options: {term, readout(figureId, term, result),
// goTo(control), chapterUrl(figureId), glossary (for the symbols of indirect links), where (of
// the real control: whereIs, read by the caller before it writes anything)}. Returns
// {element, close()}.
export function standIn(figure, links, { term, where = null, glossary = {}, readout, goTo, chapterUrl }) {
  const direct = links.some((l) => l.how === 'direct');
  const name = shortTitle(figure.title);
  const section = element('section', { class: `stand-in${direct ? '' : ' is-indirect'}`, 'aria-label': name, 'data-figure-ref': figure.id });
  const head = section.appendChild(element('div', { class: 'stand-in-head' }));
  const named = head.appendChild(element('span', { class: 'stand-in-figure' }, name));
  if (!direct) {
    const via = [...new Set(links.map((l) => glossary[l.term]?.symbol ?? l.term))].join('、');
    named.append(' ', element('span', { class: 'stand-in-how' }, `间接：经由 ${via}`));
  }
  const control = links.find((l) => l.control)?.control;
  if (control) {
    if (where !== 'here') {
      const go = head.appendChild(element('button', { type: 'button', class: 'stand-in-go', 'aria-label': `转到「${name}」里的这根控件` }, `${ARROW[where]} 转到`));
      go.addEventListener('click', () => goTo(control));
    }
  } else if (chapterUrl) {
    head.append(element('a', { class: 'stand-in-go', href: chapterUrl(figure.id), target: '_blank', rel: 'noopener' }, '在整章里看 ↗'));
  }
  const line = section.appendChild(element('p', { class: 'stand-in-readout' }));

  // The links' parameters in the spec's order; each marked lit the way its link is.
  const how = new Map(links.flatMap((l) => l.params.map((p) => [p, l.how])));
  // Labels up to their first bracket (「α 的尖锐程度 β」): a stand-in is one line where it can be.
  const specs = figure.spec.params.filter((p) => how.has(p.name)).map((p) => ({ ...p, label: String(p.label ?? p.name).split(/[（(]/)[0].trim() }));
  const box = section.appendChild(element('div', { class: 'stand-in-controls' }));
  const controls = buildControls(box, `stand-in-${figure.instanceId}`, specs, figure.params,
    (param, value) => figure.setParams({ [param]: value }, { notes: [] }));
  for (const [param, { element: node }] of controls.byName) {
    node.classList.add('stand-in-control', how.get(param) === 'direct' ? 'is-lit' : 'is-lit-indirect');
  }

  const refresh = () => {
    controls.set(figure.params);
    line.textContent = readout(figure.id, term, figure.result());
  };
  refresh();
  const unsubscribe = figure.onUpdate(refresh);
  return { element: section, close: unsubscribe };
}
