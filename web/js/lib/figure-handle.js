// The handle most figures give the host (see web/js/figures/README.md): update(params) asks the
// core for figure `id` and draws the result; resize() lets the figure re-read the width its slot
// offers (readWidth) and redraws the last result, without calling the core again.
export function coreDrawnFigure(core, id, { draw, readWidth, svg }) {
  let last = null;
  return {
    update(params) {
      last = core.figure(id, params);
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
