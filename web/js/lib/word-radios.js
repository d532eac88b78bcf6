// A choice drawn as the words of a sentence: one button per word, one radiogroup (WAI-ARIA
// radio pattern). Click or tap picks a word; with the keyboard, Tab reaches the chosen word and
// the arrow keys (Home/End) move the choice, as native radio buttons do. The group carries the
// spec's data-term, so the chapter's formula terms light it like any other control.
import { element } from './dom.js';
import { writeAttribute } from './write-changed.js';

// options: {spec: {name, label, term, choices}, value, onChoose(index)} → {element, set(index)}
export function targetButtons(container, { spec, value = 0, onChoose }) {
  const group = container.appendChild(element('div', {
    class: 'control word-radios', 'data-param': spec.name ?? 'target', 'data-term': spec.term || null, 'data-kind': '按钮',
  }));
  const labelId = `word-radios-${(targetButtons.count = (targetButtons.count ?? 0) + 1)}`;
  group.append(element('span', { class: 'control-label', id: labelId }, spec.label ?? ''));
  const row = group.appendChild(element('div', { class: 'word-radio-row', role: 'radiogroup', 'aria-labelledby': labelId }));
  const buttons = (spec.choices ?? []).map((choice, i) => {
    const button = row.appendChild(element('button', { type: 'button', class: 'word-radio', role: 'radio', 'data-index': i }, String(choice)));
    button.addEventListener('click', () => onChoose(i));
    return button;
  });
  let current = value;

  const set = (index) => {
    current = index;
    buttons.forEach((button, i) => {
      writeAttribute(button, 'aria-checked', i === index);
      writeAttribute(button, 'tabindex', i === index ? 0 : -1);
    });
  };
  row.addEventListener('keydown', (event) => {
    const last = buttons.length - 1;
    const moves = { ArrowRight: current + 1, ArrowDown: current + 1, ArrowLeft: current - 1, ArrowUp: current - 1, Home: 0, End: last };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = (moves[event.key] + buttons.length) % buttons.length; // wraps, like native radios
    // The tab stop is given to the next button before it has the focus (a focused element whose
    // tabindex changes has its style recomputed at once, in this handler); set() takes it from
    // the others when the choice is drawn.
    writeAttribute(buttons[next], 'tabindex', 0);
    buttons[next].focus();
    onChoose(next);
  });
  set(value);
  return { element: group, set };
}
