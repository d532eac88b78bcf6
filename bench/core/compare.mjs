// Are two results the same numbers? TF.js computes in float32 (it has no float64), the core in
// float64, so each output is compared at the precision float32 can promise for it:
//   relative       |a − b| / |b| per value                    (norms, ranges, losses)
//   blockRelative  per block, max |a − b| / max |b|           (a Jacobian: entries near 0
//                  inside a block are sums that cancel; float32 gets them to the block's scale)
//   absolute       |a − b| against the quantity's own scale  (probabilities, TV in [0, 1];
//                  entropies in [0, ln 5]: a near-one-hot row's entropy, 1e-14, is fixed by
//                  exp(−40) terms and float32 512-term dot products move it by percents)
// A comparison passes when every output is within `tolerance` (1e-3) by its rule.
export const TOLERANCE = 1e-3;

function relative(a, b) {
  let worst = 0;
  for (let i = 0; i < b.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]) / Math.max(Math.abs(b[i]), Number.MIN_VALUE));
  return worst;
}

function blockRelative(a, b, blockSize) {
  let worst = 0;
  for (let start = 0; start < b.length; start += blockSize) {
    let scale = 0, diff = 0;
    for (let i = start; i < start + blockSize; i++) {
      scale = Math.max(scale, Math.abs(b[i]));
      diff = Math.max(diff, Math.abs(a[i] - b[i]));
    }
    worst = Math.max(worst, scale > 0 ? diff / scale : diff);
  }
  return worst;
}

function absolute(a, b, scale) {
  let worst = 0;
  for (let i = 0; i < b.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst / scale;
}

// rules: {output: ['relative'] | ['blockRelative', size] | ['absolute', scale]}.
// Returns {pass, worst, outputs: {name: {rule, difference}}}; a missing output or a length
// mismatch fails outright.
export function compareOutputs(actual, expected, rules, tolerance = TOLERANCE) {
  const outputs = {};
  let pass = true, worst = 0;
  for (const [name, [rule, arg]] of Object.entries(rules)) {
    const a = actual[name], b = expected[name];
    let difference;
    if (!a || !b || a.length !== b.length) difference = Infinity;
    else if (rule === 'relative') difference = relative(a, b);
    else if (rule === 'blockRelative') difference = blockRelative(a, b, arg);
    else difference = absolute(a, b, arg);
    if (!(difference <= tolerance)) pass = false;
    worst = Math.max(worst, difference);
    outputs[name] = { rule: arg === undefined ? rule : `${rule}(${Number(arg.toPrecision(4))})`, difference };
  }
  return { pass, worst, tolerance, outputs };
}

// Native against WASM, or the shipped module against the bench module: both float64, the same
// code; any difference is rounding (a sum vectorised differently). The largest absolute
// difference over the outputs, recorded beside the timings.
export function maxAbsDifference(actual, expected, names) {
  let worst = 0;
  for (const name of names) {
    const a = actual[name], b = expected[name];
    if (!a || !b || a.length !== b.length) return Infinity;
    for (let i = 0; i < b.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  }
  return worst;
}
