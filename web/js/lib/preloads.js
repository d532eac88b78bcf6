// Preloads the build wrote into inert <template>s, put into <head> when the page wants them: the
// figures' code, the core's files, the files a figure fetches as it mounts (web/build.mjs).
export function askForPreloadsIn(template) {
  if (template) document.head.append(template.content.cloneNode(true));
}

// The <template> of the files figure `id` fetches as it mounts (figures/mount-fetches.js), if any.
export const mountFetchesOf = (id) => [...document.querySelectorAll('template[data-figure-files]')]
  .find((template) => template.dataset.figureFiles === id) ?? null;
