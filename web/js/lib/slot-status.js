// What a figure slot says where its figure would be, until the figure is drawn: that it is
// loading, that it is not built yet, or why it failed. Light on purpose: the chapter page shows
// it before the figures' own code has been fetched (main.js).
import { element } from './dom.js';

export const LOADING_TEXT = '正在载入…';

// The slot's content area (created when the chapter did not write one).
export const mountOf = (slot) => slot.querySelector('.figure-mount') ?? slot.appendChild(element('div', { class: 'figure-mount' }));

// Replaces the slot's content area with a status line (loading, not built yet, failure).
export function showSlotStatus(slot, text, kind = 'pending') {
  const isError = kind === 'error';
  mountOf(slot).replaceChildren(element('p', { class: `figure-status is-${kind}`, role: isError ? 'alert' : null }, text));
  slot.dataset.state = isError ? 'error' : kind;
}
