// The figure registry: id (as in FIGURES.md and data-figure="…") → module. Adding a figure:
// write web/js/figures/<id>.js (see README.md beside this file) and add one line here.
import * as funnel from './funnel.js';
import * as length from './length.js';
import * as sqrtD from './sqrt-d.js';
import * as path from './path.js';
import * as cost from './cost.js';
import * as ledger from './ledger.js';
import * as decoder from './decoder.js';

export const figureModules = {
  funnel,
  length,
  'sqrt-d': sqrtD,
  path,
  cost,
  ledger,
  decoder,
};
