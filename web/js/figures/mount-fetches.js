// The files a figure fetches as soon as it mounts, by figure: Figure 2's build-time reports. The
// build writes them as preloads into a <template data-figure-files="ID"> of each page, which
// main.js copies into <head> for the figures on screen once the text is painted, and
// embed-core.js for the embedded figure. They then come with the figures' code rather than a
// round trip after it: on Lighthouse's slow 4G (562.5 ms a request), Figure 2's curves came at
// 2.83–2.92 s instead of 3.42–3.51, and in its embed at 1.91–1.98 s instead of 2.56–2.61.
import { MODELS, reportFile } from './figure2/report.js';

export const MOUNT_FETCHES = { figure2: MODELS.map(reportFile) };
