// The chapter page: table of contents, the chapter laid out in idle time, formula-term links,
// then the figures, whose code and core are fetched once the text has been painted. The text
// never waits for any of it. Framed by a course site, the page tells the host its height, as
// embed.html does.
import { setupToc } from './lib/toc.js';
import { layOutChapterInIdleTime } from './lib/section-layout.js';
import { linkFormulaTerms } from './lib/term-links.js';
import { allFiguresMounted, onFigureMounted, slotsOnScreen } from './lib/mount-schedule.js';
import { postHeightToHost } from './lib/frame-height.js';
import { markScriptRunning } from './lib/script-check.js';
import { afterFirstPaint } from './lib/next-task.js';
import { loadCore } from './lib/core-loader.js';
import { needsCore } from './figures/core-free.js';
import { askForPreloadsIn, mountFetchesOf } from './lib/preloads.js';
import { LOADING_TEXT, showSlotStatus } from './lib/slot-status.js';

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
layOutChapterInIdleTime(document, { after: Promise.race([firstFigureMounted, loadedAWhileAgo]), figuresDrawn: allFiguresMounted });

// Every chunk of the figures' code asked for at once (the build lists them in a <template>). The
// import alone fetches a chunk of a few bytes that re-exports the one with the code, which the
// browser asks for only once the small one has arrived and been parsed: on Lighthouse's slow 4G
// (562.5 ms a request) that put the figures on screen 0.55 s later (3.75 s against 3.2).
const askForFiguresCode = () => askForPreloadsIn(document.getElementById('figures-code'));

// The figures' code and the core (two thirds of the page's bytes) are fetched once the text has
// been painted: on a slow connection the first screen's text, its styles and its fonts then have
// the network to themselves. Until then each slot says that it is loading. On a fast one the
// figures lose little: this module runs at about the time of that paint (10–100 ms before it, or
// after it), and Figure 2, the first screen's figure on a wide screen, draws its build-time
// reports without the core.
const slots = [...document.querySelectorAll('[data-figure]')];
for (const slot of slots) showSlotStatus(slot, LOADING_TEXT);

// What the figures on screen need is asked for beside their code: the core, when one of them
// needs it, and the files they fetch as they mount (Figure 2's reports). The core is asked for
// at once, too, when the URL has a hash (a figure's state or an anchor: the figure it names
// mounts first). Otherwise the figures ask for it once their code is in (figure-page.js), and
// that code has the network to itself. Opened at its top, the page has on screen Figure 2 alone,
// which needs the figures' code and not the core: on Lighthouse's slow 4G (562.5 ms a request),
// its parts came 0.4 s sooner (its slot said drawn at 2.78–2.81 s against 3.17–3.21; its curves,
// which now count, come at 2.83–2.92 s with its reports), and the figures further down, which
// need both, 0.6 s later (the last drawn at 5.0–5.1 s against 4.4–4.5).
function askForWhatFiguresOnScreenNeed() {
  const askForCore = () => loadCore().catch(() => {}); // a failure is told in the slots, by the figures
  if (location.hash) askForCore();
  slotsOnScreen(slots).then((onScreen) => {
    if (onScreen.some(needsCore)) askForCore();
    for (const id of new Set(onScreen.map((slot) => slot.dataset.figure))) askForPreloadsIn(mountFetchesOf(id));
  });
}

afterFirstPaint().then(() => {
  askForFiguresCode();
  askForWhatFiguresOnScreenNeed();
  // The figures' code's failure is told in the slots here; the core's by the figures.
  import('./chapter-figures.js').then(({ mountChapterFigures }) => mountChapterFigures(document), (error) => {
    for (const slot of slots) showSlotStatus(slot, `这些互动图的脚本没能载入（${error?.message ?? error}）。正文不受影响。`, 'error');
  });
});
postHeightToHost(null);
