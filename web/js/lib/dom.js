// Tiny DOM helpers. Text always goes in through textContent, never as HTML: values from the
// URL or the core can never become markup.

// createElement with attributes (null/false skipped) and optional text content.
export function element(tag, attributes = {}, text) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? '' : String(value));
  }
  if (text !== undefined) node.textContent = text;
  return node;
}

// Shortens a string taken from outside (e.g. a URL value) before it is shown back to the reader.
export function truncate(text, max = 24) {
  const s = String(text);
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

// Runs fn once `ms` after the last call (URL writes, live-region text, a map's hidden table).
export function debounce(fn, ms) {
  let timer = 0;
  const debounced = (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
  debounced.flush = (...args) => {
    clearTimeout(timer);
    fn(...args);
  };
  return debounced;
}

// Calls fn once, when `el` comes within `margin` of the viewport (a CSS margin, e.g. '200px 0px'),
// or at once where there is no IntersectionObserver: for what the cold load must not fetch. A
// print asks for it too: the page goes to paper as it stands, but the next print has it.
export function whenNearViewport(el, margin, fn) {
  if (typeof IntersectionObserver !== 'function') {
    fn();
    return;
  }
  const once = () => {
    observer.disconnect();
    removeEventListener('beforeprint', once);
    fn();
  };
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting)) once();
  }, { rootMargin: margin });
  observer.observe(el);
  addEventListener('beforeprint', once);
}

// True when the element is displayed: drawn, or skipped only for being far from the view
// (content-visibility: auto, section-layout.js), which a reader scrolling there will see; false
// when it is hidden (display: none, a closed <details>). getClientRects() alone says false for
// both, as a skipped element has no boxes until it comes near the view.
export function isDisplayed(node) {
  return node.checkVisibility?.() ?? node.getClientRects().length > 0;
}
