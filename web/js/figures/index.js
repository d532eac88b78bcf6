// The figure registry: id (as in FIGURES.md and data-figure="…") → module. Adding a figure:
// write web/js/figures/<id>.js (see README.md beside this file) and add one line here.
import * as funnel from './funnel.js';
import * as length from './length.js';

export const figureModules = {
  funnel,
  length,
};
