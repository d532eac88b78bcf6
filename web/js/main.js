// The chapter page: table of contents, formula-term links, then every figure slot is mounted
// once the WASM core has loaded. The text never waits for any of it.
import { setupToc } from './lib/toc.js';
import { linkFormulaTerms } from './lib/term-links.js';
import { mountFigures } from './lib/figure-page.js';
import { figureModules } from './figures/index.js';

setupToc(document);
linkFormulaTerms(document);
mountFigures(document, { modules: figureModules });
