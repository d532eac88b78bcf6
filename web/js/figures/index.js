// The figure registry: id (as in docs/FIGURES.md and data-figure="…") → module. Adding a figure:
// write web/js/figures/<id>.js (see README.md beside this file) and add one line here. The
// chapter's linked terms (terms.js, term-readouts.js) are told to the term links here too, so
// the chapter and a single embedded figure link the same way.
import { configureTermLinks } from '../lib/term-links.js';
import { glossary, derivedTerms, chapterUrl } from './terms.js';
import { readout } from './term-readouts.js';
import * as funnel from './funnel.js';
import * as length from './length.js';
import * as formula from './formula.js';
import * as threeSteps from './three-steps.js';
import * as mix from './mix.js';
import * as softmax from './softmax.js';
import * as dotAttention from './dot-attention.js';
import * as scorers from './scorers.js';
import * as sqrtD from './sqrt-d.js';
import * as path from './path.js';
import * as cost from './cost.js';
import * as ledger from './ledger.js';
import * as decoder from './decoder.js';
import * as figure2 from './figure2.js';

export const figureModules = {
  funnel,
  length,
  formula,
  'three-steps': threeSteps,
  mix,
  softmax,
  'dot-attention': dotAttention,
  scorers,
  'sqrt-d': sqrtD,
  path,
  cost,
  ledger,
  decoder,
  figure2,
};

configureTermLinks({
  glossary,
  derived: derivedTerms,
  readout,
  chapterUrl,
});
