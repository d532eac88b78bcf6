// The chapter page: table of contents, formula-term links, then every figure slot is mounted
// once the WASM core has loaded. The text never waits for any of it. Framed by a course site,
// the page tells the host its height, as embed.html does.
import { setupToc } from './lib/toc.js';
import { linkFormulaTerms } from './lib/term-links.js';
import { mountFigures } from './lib/figure-page.js';
import { postHeightToHost } from './lib/frame-height.js';
import { markScriptRunning } from './lib/script-check.js';
import { figureModules } from './figures/index.js';

markScriptRunning();

setupToc(document);
linkFormulaTerms(document);
mountFigures(document, { modules: figureModules });
postHeightToHost(null);
