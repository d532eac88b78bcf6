// The handle most figures give the host (see web/js/figures/README.md): update(params) asks the
// core for figure `id` and draws the result; resize() lets the figure re-read the width its slot
// offers (readWidth) and redraws the last result, without calling the core again. The core
// answers at once (figureAtOnce): a claim's spread it has yet to measure comes back pending, and
// the host asks again once idle time has measured it (figure-page.js).
export function coreDrawnFigure(core, id, { draw, readWidth, svg }) {
  let last = null;
  return {
    update(params) {
      last = core.figureAtOnce(id, params);
      draw(last);
      return last;
    },
    resize() {
      readWidth?.();
      if (last) draw(last);
    },
    svg,
  };
}
