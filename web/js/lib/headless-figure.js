// A figure computed by the core but not drawn on this page: the §2 formula embedded alone still
// lets the reader move three-steps' d and read what e becomes. Same state and update
// notifications as a mounted figure (figure-host.js), without a slot; computed only when asked.
import { defaultParams } from './url-state.js';

export function headlessFigure(core, spec) {
  let params = defaultParams(spec.params);
  let result = null;
  const listeners = new Set();
  const compute = () => {
    result = core.figure(spec.id, { ...params });
  };
  return {
    id: spec.id,
    slot: null,
    spec,
    title: spec.title ?? spec.id,
    instanceId: `${spec.id}-headless`,
    get params() {
      return { ...params };
    },
    setParams(partial) {
      params = { ...params, ...partial };
      compute();
      for (const listener of listeners) listener(result);
    },
    result() {
      if (!result) compute();
      return result;
    },
    onUpdate(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
