// Controls built from a figure's parameter spec (the core is the one place where names, ranges,
// steps and defaults live). A numeric param becomes a labelled range slider with a readout; a
// param with `choices` becomes segmented radio buttons. Both are native inputs, so the keyboard
// works as it does everywhere (arrows, Home/End, PageUp/PageDown). Each control carries
// data-term = spec.term, which links it to the formula term it changes.
import { element } from './dom.js';

// How a value is printed next to its slider: as many decimals as the step has.
export function formatParam(spec, value) {
  const step = String(spec.step ?? 1);
  const decimals = step.includes('.') ? step.length - step.indexOf('.') - 1 : 0;
  return Number(value).toFixed(Math.min(decimals, 6));
}

function rangeControl(figureId, spec, value, onInput) {
  const id = `${figureId}-${spec.name}`;
  const wrapper = element('div', { class: 'control control-range', 'data-param': spec.name, 'data-term': spec.term || null });
  const label = element('label', { class: 'control-label', for: id }, spec.label || spec.name);
  const input = element('input', {
    type: 'range', id, name: id, min: spec.min, max: spec.max, step: spec.step || 'any', value,
  });
  const readout = element('output', { class: 'control-value', for: id, 'aria-hidden': 'true' }, formatParam(spec, value));
  input.addEventListener('input', () => {
    readout.textContent = formatParam(spec, input.valueAsNumber);
    onInput(spec.name, input.valueAsNumber);
  });
  wrapper.append(label, input, readout);
  return {
    element: wrapper,
    kind: '滑杆',
    set(v) {
      input.value = String(v);
      readout.textContent = formatParam(spec, v);
    },
  };
}

function choiceControl(figureId, spec, value, onInput) {
  const name = `${figureId}-${spec.name}`;
  const wrapper = element('fieldset', { class: 'control control-choice', 'data-param': spec.name, 'data-term': spec.term || null });
  wrapper.append(element('legend', { class: 'control-label' }, spec.label || spec.name));
  const group = element('div', { class: 'segmented' });
  const radios = spec.choices.map((choice, index) => {
    const radio = element('input', { type: 'radio', name, value: index, checked: index === value });
    radio.addEventListener('change', () => {
      if (radio.checked) onInput(spec.name, index);
    });
    const option = element('label', {});
    option.append(radio, element('span', {}, String(choice)));
    group.append(option);
    return radio;
  });
  wrapper.append(group);
  return {
    element: wrapper,
    kind: '按钮',
    set(v) {
      radios.forEach((radio, index) => {
        radio.checked = index === v;
      });
    },
  };
}

// Builds one control per spec into `container`. onInput(name, value) fires as the reader moves
// one. Returns {set(params), byName: Map(name → control)}.
export function buildControls(container, figureId, specs, params, onInput) {
  const byName = new Map();
  for (const spec of specs) {
    const hasChoices = Array.isArray(spec.choices) && spec.choices.length > 0;
    const control = hasChoices
      ? choiceControl(figureId, spec, params[spec.name], onInput)
      : rangeControl(figureId, spec, params[spec.name], onInput);
    control.element.dataset.kind = control.kind;
    container.append(control.element);
    byName.set(spec.name, control);
  }
  return {
    byName,
    set(values) {
      for (const [name, control] of byName) {
        if (name in values) control.set(values[name]);
      }
    },
  };
}
