// Figure `formula` (§2 三步，写成公式): the formula itself is rendered at build time in the slot;
// its dashed terms carry data-term (term-links.js lights them and the controls that change
// them). This module adds the legend: each term, what it is, and buttons that take the reader
// to every control of the chapter that changes it. It needs no computation, so it has no core
// figure: `coreFreeSpec` is the spec the page uses in place of one.
import { lightTerm } from '../lib/term-links.js';
import { element } from '../lib/dom.js';

export const coreFreeSpec = { id: 'formula', title: '三步，写成公式', params: [] };

// In the formula's order. `same`: other data-term names the chapter's controls use for this
// symbol (the figures' specs say "s" and "e" where the formula says state and score);
// `via`: terms whose controls change this one indirectly.
const TERMS = [
  { term: 'score', symbol: 'eᵢⱼ', name: '打分', what: '状态和记忆有多匹配', same: ['e'], via: ['d'] },
  { term: 'state', symbol: 'sᵢ₋₁', name: '状态', what: '解码器此刻的状态', same: ['s'] },
  { term: 'memory', symbol: 'hⱼ', name: '记忆', what: '编码器对第 j 个词的记忆' },
  { term: 'alpha', symbol: 'αᵢⱼ', name: '权重', what: '全为正、加起来等于 1', via: ['score', 'e', 'd'] },
  { term: 'context', symbol: 'cᵢ', name: '上下文', what: '按权重混成的一支向量', via: ['alpha'] },
  { term: 'd', symbol: 'd', name: '维度', what: '向量的长度，打分要除以 √d' },
];

// 「核心大图 · 一张图走完三步：谁被打分…」 → 「核心大图 · 一张图走完三步」
const shortTitle = (text) => (text ?? '').split(/[：:]/)[0].trim();

// Takes the reader to a control: opens a closed <details> around it, scrolls it into view and
// focuses it (focus lights the term, as hovering does).
function goTo(control) {
  const details = control.closest('details');
  if (details && !details.open) details.open = true;
  const target = control.querySelector('input:checked, input, [tabindex="0"], button') ?? control;
  const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  control.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'center' });
  target.focus({ preventScroll: true });
}

// A button named by the control's label up to its first bracket (「α 的尖锐程度 β」); the
// figure it sits in is in its accessible name and tooltip.
function controlButton(control) {
  const label = (control.querySelector('.control-label')?.textContent.trim() ?? control.dataset.param ?? '').split(/[（(]/)[0].trim();
  const figure = shortTitle(control.closest('[data-figure]')?.querySelector('.figure-title')?.textContent);
  const where = figure ? `（${figure}）` : '';
  const button = element('button', { type: 'button', class: 'formula-jump', title: `转到${where}的「${label}」`, 'aria-label': `转到「${label}」${where}` }, label);
  button.addEventListener('click', () => goTo(control));
  return button;
}

export function mount(el, core, initialState, host) {
  const slot = el.closest('[data-figure]') ?? document;
  const present = new Set([...slot.querySelectorAll('.katex [data-term]')].map((n) => n.dataset.term));
  const terms = TERMS.filter((t) => !present.size || present.has(t.term));
  const list = element('dl', { class: 'formula-legend' });
  const rows = terms.map((t) => {
    const row = list.appendChild(element('div', { class: 'legend-row', 'data-term': t.term, 'data-legend-term': t.term }));
    // The symbol is a big target for a finger (the formula's own d is 10 px wide): a tap on it
    // taps the term in the formula, which pins the light until the next tap (term-links.js).
    const pin = row.appendChild(element('dt')).appendChild(element('button', { type: 'button', class: 'legend-pin', 'data-pins-term': t.term, 'aria-label': `${t.symbol} ${t.name}：在公式里点亮` }));
    pin.append(element('span', { class: 'legend-symbol' }, t.symbol), element('span', { class: 'legend-name' }, t.name));
    pin.addEventListener('click', () => {
      const term = slot.querySelector(`.katex [data-term="${CSS.escape(t.term)}"]`);
      if (term) term.click(); // term-links pins it (and ignores this button's own click)
    });
    row.append(element('dd', { class: 'legend-what' }, t.what));
    const controls = row.appendChild(element('dd', { class: 'legend-controls' }));
    return { ...t, controls };
  });
  el.replaceChildren(list);

  // The controls live in figures mounted after this one: list them once the page has mounted all.
  const controlsOf = (terms) => (terms ?? []).flatMap((term) => [...document.querySelectorAll(`.control[data-term="${CSS.escape(term)}"]`)]);
  function fillControls() {
    for (const row of rows) {
      const direct = [...new Set(controlsOf([row.term, ...(row.same ?? [])]))];
      const indirect = [...new Set(controlsOf(row.via))].filter((c) => !direct.includes(c));
      const parts = [];
      if (direct.length) parts.push(element('span', { class: 'legend-by' }, '改它：'), ...direct.map(controlButton));
      if (indirect.length) parts.push(element('span', { class: 'legend-by' }, '间接：'), ...indirect.map(controlButton));
      if (!parts.length) parts.push(element('span', { class: 'legend-by' }, '这一页没有改它的控件'));
      row.controls.replaceChildren(...parts);
    }
  }
  setTimeout(fillControls, 0);

  // Pointing at or focusing a legend row lights its term and controls too. The listeners sit on
  // window so they run after term-links' document listeners, which know nothing of the legend.
  const legendTerm = (event) => (event.target instanceof Element ? event.target.closest('[data-legend-term]')?.dataset.legendTerm : null);
  for (const type of ['pointerover', 'focusin']) {
    window.addEventListener(type, (event) => {
      const term = legendTerm(event);
      if (term && list.contains(event.target)) lightTerm(term);
    });
  }

  return {
    update() {
      host?.describe(`公式里有虚线的 ${rows.length} 个符号：${rows.map((r) => `${r.symbol}（${r.name}）`).join('、')}。`
        + '指向或聚焦其中一个，会点亮这一章里改变它的滑杆或按钮。');
      return { id: 'formula', params: {}, data: { terms: rows.map(({ term, symbol, name }) => ({ term, symbol, name })) } };
    },
  };
}
