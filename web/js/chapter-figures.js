// The chapter's figures: their modules and what mounts them, loaded by main.js once the text has
// been painted (a chunk of its own). core: loadCore()'s promise when main.js started it beside
// this chunk; null, and mountFigures starts it, when the page opens at its top.
import { mountFigures } from './lib/figure-page.js';
import { figureModules } from './figures/index.js';

export const mountChapterFigures = (root, core) => mountFigures(root, { modules: figureModules, core });
