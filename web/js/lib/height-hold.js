// A figure's drawing keeps the tallest height it has had while the reader works the figure.
//
// Some moves change how tall a drawing is: the cost figure's grid gains a row with each step of
// m, a claim note comes and goes with the seed, a description wraps onto a second line. Each time
// a figure's height changed, everything below it moved: the browser laid out, pre-painted and
// re-rastered the rest of the page in view, and the text under the figure jumped up and down
// while the reader dragged. On the cost figure's m slider (60 presses a round, three rounds
// alternated) the frame after a move took 11.6 ms at p50 when the drawing's height followed m
// and 5.8 ms when it kept one height.
//
// So while the reader works a figure, its drawing does not shrink: once it has grown, a
// min-height keeps it that tall, and what it no longer needs stays as room at its bottom. Growing
// still moves the page, once per new height. When the reader has left the figure (the pointer
// off it and the focus outside it), the drawing takes its natural height again, once. So it does
// when it is redrawn for a new width (the figure host) and when a figure swaps a part for a
// different one (the decoder's other code listing).
export function holdTallestHeight(element) {
  let tallest = 0;
  // Runs after layout, before paint: a min-height equal to the height just laid out changes no
  // box. (A hidden element, 0 px wide, holds nothing.)
  const observer = new ResizeObserver(([entry]) => {
    const box = entry.borderBoxSize?.[0];
    const [inline, block] = box ? [box.inlineSize, box.blockSize] : [entry.contentRect.width, entry.contentRect.height];
    if (inline > 0 && block > tallest) {
      tallest = block;
      element.style.setProperty('min-height', `${block}px`);
    }
  });
  observer.observe(element);
  return {
    // Observed afresh, the element reports the height it takes without the hold.
    release() {
      tallest = 0;
      element.style.removeProperty('min-height');
      observer.unobserve(element);
      observer.observe(element);
    },
  };
}

// Holds `elements` of the figure in `slot` while the reader works it. moved(): the figure was
// redrawn for a move; release(): the elements take their natural height now.
export function holdWhileInUse(slot, elements) {
  const holds = elements.map(holdTallestHeight);
  let moved = false;
  const release = () => {
    moved = false;
    holds.forEach((hold) => hold.release());
  };
  // focusout comes before the focus has landed elsewhere: look once it has.
  const releaseIfLeft = () => requestAnimationFrame(() => {
    if (moved && !slot.matches(':hover, :focus-within')) release();
  });
  slot.addEventListener('pointerleave', releaseIfLeft);
  slot.addEventListener('focusout', releaseIfLeft);
  return {
    moved() {
      moved = true;
    },
    release,
  };
}
