// Inside another site's <iframe>, tells the host page this document's height, so that the host
// can size the frame to fit: {type: 'attn-embed-height', fig, height} (fig: the figure's id, or
// null for the whole chapter), on load and whenever the height changes.
//
// Chromium throttles the rendering of a cross-origin frame that is off-screen: no animation
// frames there, and no ResizeObserver callbacks, until the frame scrolls into view. A figure
// that grows below the fold (its data arriving, a font loading) would keep its old height.
// So changes are also noticed from DOM mutations and font loads (neither waits for rendering)
// and measured from a timer, which lays the page out itself.
export const HEIGHT_MESSAGE = 'attn-embed-height';

const SETTLE_MS = 60; // a burst of mutations (a redraw) is measured once

// True inside another page's frame.
export function isFramed() {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
}

export function postHeightToHost(fig = null) {
  if (!isFramed()) return;
  let lastHeight = -1;
  let timer = 0;
  const post = () => {
    timer = 0;
    // The root box: unlike <body>, it holds its children's margins.
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === lastHeight) return;
    lastHeight = height;
    window.parent.postMessage({ type: HEIGHT_MESSAGE, fig, height }, '*');
  };
  const schedule = () => {
    if (!timer) timer = setTimeout(post, SETTLE_MS);
  };
  if (typeof ResizeObserver === 'function') new ResizeObserver(schedule).observe(document.documentElement);
  new MutationObserver(schedule).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  document.fonts?.addEventListener?.('loadingdone', schedule);
  window.addEventListener('resize', schedule);
  window.addEventListener('load', schedule);
  schedule();
}
