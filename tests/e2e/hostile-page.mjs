// What hostile-fuzz.test.mjs runs inside the page (passed to page.evaluate or addInitScript, so
// each function stands alone): the guard that records anything able to run code, and the reports
// of safety, of each figure's state and note, and of whether each figure still redraws.

// Installed before the page's scripts: from DOMContentLoaded on, every element added or attribute
// set that could run code is recorded.
export function installGuard() {
  window.__bad = [];
  const ACTIVE = new Set(['script', 'iframe', 'frame', 'object', 'embed', 'base', 'meta', 'link', 'style', 'form', 'portal']);
  const URL_ATTRIBUTES = ['href', 'src', 'xlink:href', 'action', 'formaction', 'data'];
  // The page's own: main.js adds the figures' code to <head> as modulepreloads, embed-core.js the
  // core's files as preloads, and both the files a figure fetches as it mounts: copies of those
  // the build wrote into <template id="figures-code">, <template id="core-files"> and
  // <template data-figure-files>. Only a copy exactly as the build wrote it passes.
  const ownTemplates = () => [...document.querySelectorAll('template#figures-code, template#core-files, template[data-figure-files]')];
  const ownPreloads = () => ownTemplates().flatMap((template) => [...template.content.children]);
  const isOwnPreload = (node) => node.localName === 'link' && ownPreloads().some((own) => own.isEqualNode(node));
  const check = (el) => {
    if (!(el instanceof Element)) return;
    for (const node of [el, ...el.querySelectorAll('*')]) {
      if (ACTIVE.has(node.localName) && !isOwnPreload(node)) window.__bad.push(`added <${node.localName}>`);
      for (const attr of node.attributes) {
        if (/^on/i.test(attr.name)) window.__bad.push(`<${node.localName} ${attr.name}>`);
        if (URL_ATTRIBUTES.includes(attr.name) && /^\s*javascript:/i.test(attr.value)) window.__bad.push(`<${node.localName} ${attr.name}=javascript:…>`);
      }
    }
  };
  document.addEventListener('DOMContentLoaded', () => {
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'childList') r.addedNodes.forEach(check);
        else if (r.type === 'attributes' && (/^on/i.test(r.attributeName) || URL_ATTRIBUTES.includes(r.attributeName))) check(r.target);
      }
    }).observe(document, { childList: true, subtree: true, attributes: true });
  });
}

// In the page: everything that must hold after a case, whatever it was. (`full`: also scan every
// attribute of the document, not only what the guard saw change.)
export function safetyReport(full = true) {
  const problems = [...window.__bad];
  window.__bad.length = 0;
  if (window.__pwned !== undefined) problems.push(`injected code ran (window.__pwned = ${window.__pwned})`);
  if (Object.keys(Object.prototype).length || Object.getOwnPropertyNames(Object.prototype).some((n) => /^(n|seed|rho|level|zzz|nonce)$/.test(n))) problems.push('Object.prototype was polluted');
  if (full) {
    for (const node of document.querySelectorAll('*')) {
      for (const attr of node.attributes) if (/^on/i.test(attr.name)) problems.push(`<${node.localName} ${attr.name}> in the document`);
    }
  }
  const scripts = [...document.scripts].map((s) => s.src.replace(location.origin, '')).filter((src) => !/^\/js\/(main|embed|embed-core|script-fallback)\.js$/.test(src));
  if (scripts.length) problems.push(`unexpected <script>: ${scripts.join(', ')}`);
  return problems;
}

// In the page: for each figure, its state, whether its note is visible, and its sliders' values.
export function figureReport() {
  const out = {};
  for (const slot of document.querySelectorAll('[data-figure]')) {
    const id = slot.dataset.figure;
    if (id in out) continue;
    const alert = slot.querySelector('.figure-alert');
    // (A figure far from the view is skipped, content-visibility: auto: its note has no boxes
    // until the reader scrolls there, and is shown all the same.)
    const shown = (node) => node.getClientRects().length > 0 || node.checkVisibility();
    const visible = Boolean(alert && !alert.hidden && shown(alert) && getComputedStyle(alert).display !== 'none' && alert.textContent.trim());
    const values = {};
    for (const input of slot.querySelectorAll('.figure-controls input[type="range"]')) values[input.id] = input.valueAsNumber;
    out[id] = { state: slot.dataset.state, note: visible, noteText: visible ? alert.textContent.slice(0, 160) : '', values };
  }
  return out;
}

// In the page: moves one control of each figure and reports those that did not redraw.
export function stillUsable(ids) {
  const problems = [];
  const fingerprint = (slot) => {
    const svg = slot.querySelector('.figure-mount svg');
    return `${slot.dataset.state}|${slot.querySelector('.figure-description')?.textContent}|${svg ? svg.innerHTML : slot.querySelector('.figure-mount')?.innerHTML}`;
  };
  for (const id of ids) {
    const slot = document.querySelector(`[data-figure="${CSS.escape(id)}"]`);
    if (!slot) continue;
    if (slot.dataset.state !== 'ready') {
      problems.push(`${id}: state ${slot.dataset.state}`);
      continue;
    }
    const moves = [
      ...[...slot.querySelectorAll('.figure-controls input[type="range"], .figure-mount input[type="number"]')].map((input) => () => {
        input.value = String(Number(input.value) >= Number(input.max) ? input.min : input.max);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        input.dispatchEvent(new Event('change', { bubbles: true }));
      }),
      ...[...slot.querySelectorAll('input[type="radio"]:not(:checked), [role="radio"][aria-checked="false"]')].slice(0, 1).map((n) => () => n.click()),
    ];
    if (!moves.length) continue; // a figure without controls (the formula legend)
    let redrawn = false;
    for (const move of moves) {
      const before = fingerprint(slot);
      move();
      if (fingerprint(slot) !== before && slot.dataset.state === 'ready') {
        redrawn = true;
        break;
      }
    }
    if (!redrawn) problems.push(`${id}: no control redraws it any more (state ${slot.dataset.state}, note: ${slot.querySelector('.figure-alert')?.textContent.slice(0, 80)})`);
  }
  return problems;
}
