// A figure's note for a claim of the chapter's text that the reader's current seed breaks:
// what the text says, what this seed shows, and the claim's spread over seeds 1–100 — every
// number from the core (cpp/core/seed_claims, data.claims.NAME = {holds, value, across}).
// Hidden while the claim holds.
import { element } from './dom.js';
import { writeText } from './write-changed.js';

// 「种子 1–100 各算一遍：…在 a–b 之间，中位数 m，100 个里有 k 个…」: the shared middle of every note.
export function acrossSeeds(across, format) {
  return {
    seeds: `种子 ${across.first_seed}–${across.last_seed}`,
    count: across.last_seed - across.first_seed + 1,
    range: `${format(across.min)}–${format(across.max)}`,
    median: format(across.median),
    holding: across.holding,
  };
}

// The note goes at the end of `parent` as it is when called (figures call it before drawing).
export function claimNote(parent) {
  const note = parent.appendChild(element('p', { class: 'claim-note', role: 'note', hidden: true }));
  return {
    element: note,
    // claim: the core's claim object; text(claim): the sentence, called only when it is broken.
    show(claim, text) {
      const broken = Boolean(claim) && claim.holds === false && Boolean(claim.across);
      const content = broken ? text(claim) : '';
      writeText(note, content);
      if (note.hidden === broken) note.hidden = !broken;
    },
  };
}
