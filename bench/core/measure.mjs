// Repetitions and their summary. Every cell is timed as `reps` repetitions of `batch` calls
// (a batch makes a repetition long enough for the timer), after at least one untimed call; the
// number reported is the median ms per call, with the minimum and the spread beside it.

// How many calls per repetition and how many repetitions, from one call's estimated time:
// a repetition of about `repMs`, at least `minReps` of them, more while they fit `budgetMs`.
export function plan(estimateMs, { repMs = 5, budgetMs = 2000, minReps = 5, maxReps = 25 } = {}) {
  const perCall = Math.max(estimateMs, 1e-3);
  const batch = Math.max(1, Math.round(repMs / perCall));
  const reps = Math.min(maxReps, Math.max(minReps, Math.floor(budgetMs / (perCall * batch))));
  return { reps, batch };
}

// Times fn() in JS: reps × batch calls, performance.now() around each repetition.
export function timeJs(fn, { reps, batch }) {
  const ms = [];
  for (let r = 0; r < reps; r++) {
    const start = performance.now();
    for (let b = 0; b < batch; b++) fn();
    ms.push((performance.now() - start) / batch);
  }
  return ms;
}

// One untimed call (warm-up, and its result for the checks), its time as the estimate, then
// the planned repetitions.
export function warmThenTime(fn, options) {
  const start = performance.now();
  const result = fn();
  const reps = plan(performance.now() - start, options);
  return { result, ...summarize(timeJs(fn, reps), reps) };
}

export function summarize(ms, { batch } = { batch: 1 }) {
  const sorted = [...ms].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1], reps: ms.length, batch, ms };
}
