// Whether a figure's side-by-side panels are stacked. The page's CSS decides (css/place.css,
// --panels), so the drawing and the words of place in the text (左边 / 上面) always agree.
// Without that stylesheet (a figure mounted on its own), the figure's own width threshold.
export function panelsStacked(el, width, sideBySideFrom) {
  const decided = getComputedStyle(el).getPropertyValue('--panels').trim();
  return decided ? decided === 'stacked' : width < sideBySideFrom;
}
