// The page's module scripts mark the document when they run; script-fallback.js (a classic
// script, which loads where a module may not) reads the mark to know whether they did.
export const RUNNING_ATTRIBUTE = 'data-script';

export function markScriptRunning() {
  document.documentElement.setAttribute(RUNNING_ATTRIBUTE, 'running');
}

export const scriptRan = () => document.documentElement.getAttribute(RUNNING_ATTRIBUTE) === 'running';
