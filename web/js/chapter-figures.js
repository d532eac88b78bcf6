// The chapter's figures: their modules and what mounts them, loaded by main.js once the text has
// been painted (a chunk of its own). core: loadCore()'s promise, started beside this chunk or
// once it is in (main.js says when).
import { mountFigures } from './lib/figure-page.js';
import { figureModules } from './figures/index.js';

export const mountChapterFigures = (root, core) => mountFigures(root, { modules: figureModules, core });
