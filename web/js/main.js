// The chapter page: table of contents, the chapter laid out in idle time, formula-term links,
// then every figure slot is mounted once the WASM core has loaded. The text never waits for
// any of it. Framed by a course site, the page tells the host its height, as embed.html does.
import { setupToc } from './lib/toc.js';
import { layOutChapterInIdleTime } from './lib/section-layout.js';
import { linkFormulaTerms } from './lib/term-links.js';
import { mountFigures } from './lib/figure-page.js';
import { onFigureMounted } from './lib/mount-schedule.js';
import { postHeightToHost } from './lib/frame-height.js';
import { markScriptRunning } from './lib/script-check.js';
import { figureModules } from './figures/index.js';

const LAYOUT_AT_THE_LATEST_MS = 1500;

markScriptRunning();

setupToc(document);
linkFormulaTerms(document);
// What is far from the viewport is laid out once the first figure is drawn (or, if the core
// never comes, a little after the page has loaded).
const firstFigureMounted = new Promise((resolve) => {
  const stop = onFigureMounted(() => {
    stop();
    resolve();
  });
});
const loadedAWhileAgo = new Promise((resolve) => {
  window.addEventListener('load', () => setTimeout(resolve, LAYOUT_AT_THE_LATEST_MS), { once: true });
});
layOutChapterInIdleTime(document, { after: Promise.race([firstFigureMounted, loadedAWhileAgo]) });
mountFigures(document, { modules: figureModules });
postHeightToHost(null);
