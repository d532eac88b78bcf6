// The chapter's figures: their modules and what mounts them, loaded by main.js once the text has
// been painted (a chunk of its own).
import { mountFigures } from './lib/figure-page.js';
import { figureModules } from './figures/index.js';

export const mountChapterFigures = (root) => mountFigures(root, { modules: figureModules });
