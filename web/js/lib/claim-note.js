// A figure's note for a claim of the chapter's text that the reader's current seed breaks:
// what the text says, what this seed shows, and the claim's spread over seeds 1–100 — every
// number from the core (cpp/core/seed_claims, data.claims.NAME = {holds, value, across}).
// Hidden while the claim holds. The core computes a move without waiting for the spread
// (figureAtOnce): until idle time has measured it, `across` is {first_seed, last_seed, pending}
// and the note says the seeds are being computed (data-pending); the figure is then drawn again.
import { element } from './dom.js';
import { writeText } from './write-changed.js';

const seedRange = (across) => `种子 ${across.first_seed}–${across.last_seed}`;

// 「种子 1–100 各算一遍：…在 a–b 之间，中位数 m，100 个里有 k 个…」: the shared middle of every note.
function acrossSeeds(across, format) {
  return {
    seeds: seedRange(across),
    count: across.last_seed - across.first_seed + 1,
    range: `${format(across.min)}–${format(across.max)}`,
    median: format(across.median),
    holding: across.holding,
  };
}

// The note goes right after `drawing`, the figure's chart box: a seed that breaks a claim, or
// keeps it again, then brings or takes the note away below what the reader is watching, and the
// drawing under their slider stays where it was.
export function claimNote(drawing) {
  const note = element('p', { class: 'claim-note', role: 'note', hidden: true });
  drawing.after(note);
  return {
    element: note,
    // claim: the core's claim object. Called only when it is broken: here(claim), the sentence on
    // this seed; across(claim, acrossSeeds(claim.across, format)), the sentence on seeds 1–100.
    show(claim, { here, across, format }) {
      const broken = Boolean(claim) && claim.holds === false && Boolean(claim.across);
      const pending = broken && claim.across.pending === true;
      let content = '';
      if (pending) content = `${here(claim)}正在把${seedRange(claim.across)} 各算一遍，好和这个种子比一比……`;
      else if (broken) content = `${here(claim)}${across(claim, acrossSeeds(claim.across, format))}`;
      writeText(note, content);
      if (note.hasAttribute('data-pending') !== pending) note.toggleAttribute('data-pending', pending);
      if (note.hidden === broken) note.hidden = !broken;
    },
  };
}
