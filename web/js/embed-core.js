// embed.html's first script, run as soon as it arrives (async, while the page may still be
// read): asks for the files the figure fetches as it mounts (figures/mount-fetches.js), and for
// the core's two files, which the build wrote into <template id="core-files">, unless ?fig= is
// missing or names a figure that computes nothing through the core. A <link> in the page itself
// would fetch the core for every figure: an embed of Figure 2 alone took 271 KB instead of 101 on
// Lighthouse's slow 4G, and was drawn 0.35 s later. The core's files now start one round trip
// later for the figures that need it; on slow 4G funnel's embed was drawn 0.2 s later. Bundled on
// its own (core-free.js and preloads.js inlined), so that it waits for no chunk.
import { CORE_FREE_FIGURES } from './figures/core-free.js';
import { askForPreloadsIn, mountFetchesOf } from './lib/preloads.js';

const id = new URLSearchParams(location.search).get('fig');
if (id && !CORE_FREE_FIGURES.has(id)) askForPreloadsIn(document.getElementById('core-files'));
if (id) askForPreloadsIn(mountFetchesOf(id));
