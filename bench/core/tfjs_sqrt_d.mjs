// The §4 workload in TensorFlow.js: 5 trials, each a query s and 5 keys in d = 512 dimensions
// with N(0, 1) entries; raw scores e = H·s and scaled e/√d; for each, the entropy of softmax(e)
// and the range of e. All trials at once (batched matMul), as a TF.js program would do it.
//   timed:   the draws come from tf.randomNormal (the core draws its own normals too)
//   checked: the core's own draws (attn_bench's workloadInput('sqrt-d', d)), so the numbers must agree

function rowStats(tf, e) {  // e: [trials, keys] → entropy and range per trial
  const logP = tf.logSoftmax(e);
  const entropy = tf.neg(tf.sum(tf.mul(tf.exp(logP), logP), 1));
  const range = tf.sub(tf.max(e, 1), tf.min(e, 1));
  return { entropy, range };
}

function trialsFrom(tf, s, keys, d) {  // s: [T, d], keys: [T, K, d]
  const raw = tf.squeeze(tf.matMul(keys, tf.expandDims(s, 2)), [2]);  // e_j = s·h_j
  const scaled = tf.div(raw, Math.sqrt(d));
  const r = rowStats(tf, raw), c = rowStats(tf, scaled);
  return { raw_entropy: r.entropy, raw_range: r.range, scaled_entropy: c.entropy, scaled_range: c.range };
}

// Timed: draw, score, summarise; read back the per-trial numbers (as the figure returns them).
export function sqrtDWorkload(tf, d, trials, keysPerTrial, seed) {
  return tf.tidy(() => {
    const s = tf.randomNormal([trials, d], 0, 1, 'float32', seed);
    const keys = tf.randomNormal([trials, keysPerTrial, d], 0, 1, 'float32', seed + 1);
    const out = trialsFrom(tf, s, keys, d);
    return tf.stack([out.raw_entropy, out.raw_range, out.scaled_entropy, out.scaled_range]).dataSync();
  });
}

// Checked: the same statistics from the core's draws.
export function sqrtDFromDraws(tf, draws, d) {
  return tf.tidy(() => {
    const T = draws.trials, K = draws.keys_per_trial;
    const out = trialsFrom(tf, tf.tensor2d(Float32Array.from(draws.s), [T, d]), tf.tensor3d(Float32Array.from(draws.keys), [T, K, d]), d);
    return Object.fromEntries(Object.entries(out).map(([name, t]) => [name, t.dataSync()]));
  });
}
