// Figure 2's training throughput, native against WASM: steps of the chapter's default budget
// (bench/cpp/train_workload.*) for each model, timed by the same C++ timer in both builds.
// Reported as ms per step, target tokens per second and the time the whole budget would take;
// the first steps' losses of the two builds are compared (they run the same code).
import { maxAbsDifference } from './compare.mjs';
import { native } from './drivers.mjs';
import { plan, summarize } from './measure.mjs';

const MODELS = ['RNNenc', 'RNNsearch'];
const STEPS_PER_CALL = 5;  // kTrainStepsPerCall

function timeTraining(timeFn, model) {
  const estimate = timeFn('train', model, 1, 1)[0];
  const p = plan(estimate, { repMs: 1, budgetMs: 6000, minReps: 5, maxReps: 15 });
  return summarize(timeFn('train', model, p.reps, p.batch), p);
}

export function measureTraining(bench) {
  return MODELS.map((name, model) => {
    const nativeResult = native.result('train', model);
    const wasmResult = bench.workloadResult('train', model);
    const perCall = {
      native: timeTraining(native.time, model),
      wasm: timeTraining((...a) => Array.from(bench.timeWorkload(...a)), model),
    };
    const tokensPerStep = wasmResult.tokens_per_step;
    const column = (t) => ({
      msPerStep: t.median / STEPS_PER_CALL,
      tokensPerSecond: (tokensPerStep * STEPS_PER_CALL) / (t.median / 1000),
      budgetSeconds: (wasmResult.budget_steps * t.median) / STEPS_PER_CALL / 1000,
      reps: t.reps,
    });
    return {
      model: name, tokensPerStep, budgetSteps: wasmResult.budget_steps,
      native: column(perCall.native), wasm: column(perCall.wasm),
      lossDifference: maxAbsDifference({ losses: nativeResult.losses }, { losses: Array.from(wasmResult.losses) }, ['losses']),
    };
  });
}

export function trainingSection(training) {
  if (!training?.length) return [];
  const f = (x, d = 1) => x.toFixed(d);
  return [
    '## Figure 2: training throughput, native vs WASM',
    '',
    `Steps of the default budget (figure2_default_config: ${training[0].budgetSteps} steps), each a minibatch of about ` +
      `${f(training[0].tokensPerStep, 0)} target tokens, forward, backward and an Adam update; ${STEPS_PER_CALL} steps per call, ` +
      'median of the repetitions. "Whole budget" is that median times the budget\'s steps, for one model on one core: the ' +
      'page trains the two models in two workers at once.',
    '',
    '| model | native ms/step | WASM ms/step | WASM/native | native tokens/s | WASM tokens/s | whole budget native | whole budget WASM | first losses, max abs Δ |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...training.map((t) => `| ${t.model} | ${f(t.native.msPerStep, 2)} | ${f(t.wasm.msPerStep, 2)} | ${f(t.wasm.msPerStep / t.native.msPerStep, 2)}× | ` +
      `${f(t.native.tokensPerSecond, 0)} | ${f(t.wasm.tokensPerSecond, 0)} | ${f(t.native.budgetSeconds)} s | ${f(t.wasm.budgetSeconds)} s | ${t.lossDifference.toExponential(1)} |`),
    '',
  ];
}
