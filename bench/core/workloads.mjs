// The benchmark's rows: each workload as the core runs it (native and WASM: bench/cpp), as the
// page's module exposes it (WASM API), and as TensorFlow.js computes it, with how to compare.
import { encoderWorkload } from './tfjs_encoder.mjs';
import { fitWorkload } from './tfjs_fit.mjs';
import { sqrtDFromDraws, sqrtDWorkload } from './tfjs_sqrt_d.mjs';

const K = 16, D = 512;

function encoderRow(bench, n, tfWay = 'batched') {
  const input = bench.workloadInput('encoder', n);
  return {
    id: tfWay === 'batched' ? `encoder-${n}` : `encoder-${n}-per-row`,
    title: tfWay === 'batched' ? `Encoder Jacobians ∂c/∂w_j + ‖·‖₂, k = 16, n = ${n}`
                               : `Encoder Jacobians, n = ${n}, TF.js as 16 separate tf.grad calls`,
    core: ['encoder', n],
    timeCore: tfWay === 'batched',  // the per-row row only adds a TF.js way; the core's work is the same
    outputs: ['context', 'norms', 'jacobians'],
    coreResult: () => bench.workloadResult('encoder', n),
    api: {
      label: 'encoderJacobians(W, 16, words, n)',
      call: (core) => core.encoderJacobians(input.W, K, input.words, n),
    },
    tf: {
      label: (tfWay === 'batched' ? 'tf.grad over a batch of 16 seeds (one backward pass)' : '16 × tf.grad, one per component of c') +
             '; σ_max by power iteration on JᵀJ (TF.js has no SVD or eigensolver)',
      call: (tf) => encoderWorkload(tf, input, n, tfWay),
      rules: { norms: ['relative'], jacobians: ['blockRelative', K * K] },
    },
  };
}

function sqrtDRow(bench) {
  const draws = bench.workloadInput('sqrt-d', D);
  const { trials, keys_per_trial: keysPerTrial } = draws;
  const fromFigure = (r) => ({ raw_entropy: r.data.raw.trials.entropy, raw_range: r.data.raw.trials.range,
                               scaled_entropy: r.data.scaled.trials.entropy, scaled_range: r.data.scaled.trials.range });
  let seed = 1;
  return {
    id: 'sqrt-d-512', title: `√d trials, d = ${D} (${trials} trials × ${keysPerTrial} keys)`,
    core: ['sqrt-d', D],
    timeCore: true,
    outputs: ['raw_entropy', 'raw_range', 'scaled_entropy', 'scaled_range'],
    coreResult: () => bench.workloadResult('sqrt-d', D),
    api: { label: "figure('sqrt-d', {d: 512})", call: (core) => fromFigure(core.figure('sqrt-d', { d: D, seed: 1 })) },
    tf: {
      label: 'batched matMul + logSoftmax; timed with tf.randomNormal draws, checked on the core’s draws',
      call: (tf) => sqrtDWorkload(tf, D, trials, keysPerTrial, seed++),
      check: (tf) => sqrtDFromDraws(tf, draws, D),
      rules: { raw_entropy: ['absolute', Math.log(keysPerTrial)], scaled_entropy: ['absolute', Math.log(keysPerTrial)],
               raw_range: ['relative'], scaled_range: ['relative'] },
    },
  };
}

function fitRow(bench, pair) {
  const input = bench.workloadInput('fit', pair);
  const { nTgt, nSrc, k, steps, seed, target, S, H } = input;
  return {
    id: `fit-pair-${pair}`, title: `Additive scorer fit, ${steps} SGD steps, sentence pair ${pair}`,
    core: ['fit', pair],
    timeCore: true,
    outputs: ['loss', 'tv', 'final_map'],
    coreResult: () => bench.workloadResult('fit', pair),
    api: {
      label: 'additiveFit({target, S, H, …, steps: 500})',
      call: (core) => {
        const r = core.additiveFit({ target, S, H, nTgt, nSrc, k, steps, seed });
        return { loss: r.loss, tv: r.tv, final_map: r.maps.slice(steps * nTgt * nSrc) };
      },
    },
    tf: {
      label: 'tf.variableGrads + SGD, loss/map/TV recorded every step',
      call: (tf) => fitWorkload(tf, input),
      rules: { loss: ['relative'], tv: ['absolute', 1], final_map: ['absolute', 1] },
    },
  };
}

export function benchmarkRows(bench) {
  return [encoderRow(bench, 10), encoderRow(bench, 50), encoderRow(bench, 200), encoderRow(bench, 50, 'perRow'),
          sqrtDRow(bench), fitRow(bench, 0), fitRow(bench, 1)];
}

// The `scorers` figure as the page calls it: a new seed is a cache miss and trains 500 steps.
// Checked first with seed 1 against the core's fit (the same computation); then timed on seeds
// the cache has not seen. Returns null when the module has no such figure yet.
export function scorersFigureRow(core, bench, pair) {
  try {
    const figure = core.figure('scorers', { pair, step: 500, seed: 1 }).data;
    const fit = bench.workloadResult('fit', pair);
    let seed = 100;
    return { pair, check: { loss: figure.loss, tv: figure.tv }, expected: { loss: fit.loss, tv: fit.tv },
             call: () => core.figure('scorers', { pair, step: 500, seed: seed++ }) };
  } catch (e) {
    return { pair, unavailable: e.message };
  }
}
