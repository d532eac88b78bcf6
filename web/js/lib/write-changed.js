// Writes to the DOM only where the value differs from what is there. Blink invalidates style
// and layout on every attribute or text write, even of the same value, so a redraw that sets
// every cell's position, label and table text again costs a layout of all of them. Reading an
// attribute or textContent back does not force a layout, so comparing first is cheap.
// Both take a d3 selection and a value or a function (d, i) → value, like d3's attr/text.

export function attrChanged(selection, name, value) {
  return selection.each(function write(d, i) {
    const next = typeof value === 'function' ? value.call(this, d, i) : value;
    if (next != null) writeAttribute(this, name, next);
    else if (this.hasAttribute(name)) this.removeAttribute(name);
  });
}

// Several attributes at once: {name: value or (d, i) → value}.
export function attrsChanged(selection, attributes) {
  for (const [name, value] of Object.entries(attributes)) attrChanged(selection, name, value);
  return selection;
}

export function textChanged(selection, value) {
  return selection.each(function write(d, i) {
    const next = typeof value === 'function' ? value.call(this, d, i) : value;
    const text = next == null ? '' : String(next);
    if (this.textContent !== text) this.textContent = text;
  });
}

export function classChanged(selection, name, test) {
  return selection.each(function write(d, i) {
    const on = Boolean(typeof test === 'function' ? test.call(this, d, i) : test);
    if (this.classList.contains(name) !== on) this.classList.toggle(name, on);
  });
}

// One element's text, written only when it differs.
export function writeText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

// One element's attribute, written only when it differs.
export function writeAttribute(node, name, value) {
  const text = String(value);
  if (node.getAttribute(name) !== text) node.setAttribute(name, text);
}
