// A part of a drawing (an axis, a grid, a frame, a curve) redrawn only when what it depends on
// has changed. d3-axis rewrites every tick it is given, and Blink lays out again whatever is
// written, even the same value: an axis redrawn at every move costs a layout of all its ticks
// though none of them moved. The key names everything the redraw reads (a scale's domain, the
// width, …); a key that leaves something out leaves the part stale when that thing changes.
//
//   const redrawAxis = redrawWhenChanged();
//   redrawAxis(`${n}:${width}`, () => axisGroup.call(axisBottom(x)));

export function redrawWhenChanged() {
  let drawnKey;
  return function redrawIfChanged(key, redraw) {
    if (key === drawnKey) return false;
    redraw();
    drawnKey = key; // after: a redraw that threw is tried again, not taken as drawn
    return true;
  };
}
