// The figures whose modules compute nothing through the page's core (attn_core): they mount
// without waiting for it, and embed.html does not fetch it for them (embed-core.js). Figure 2
// draws its build-time reports; its own module of the core (attn_figure2) is loaded by its
// workers, or when its map is drawn.
export const CORE_FREE_FIGURES = new Set(['figure2']);
// Whether the figure a [data-figure] slot holds needs the core.
export const needsCore = (slot) => !CORE_FREE_FIGURES.has(slot.dataset.figure);
