// The §3 workload in TensorFlow.js: 500 steps of plain SGD on Bahdanau's additive scorer
//   e_ij = vᵀ tanh(W₁h_j + W₂s_i),   L = −(1/n_tgt) Σ_ij q_ij ln softmax_j(e_i)
// from the core's initial W₁, W₂, v (attn_bench's workloadInput('fit', pair)), gradients by tf.variableGrads.
// Like core/additive_fit it records, at every step t = 0…500, the loss, the map α = softmax(e)
// and its TV distance to the target, then steps θ ← θ − η ∂L/∂θ (no step after the last).

function scores(tf, W1, W2, v, S, H) {
  const fromH = tf.matMul(H, W1, false, true);                  // [n_src, A]: row j = W₁h_j
  const fromS = tf.matMul(S, W2, false, true);                  // [n_tgt, A]: row i = W₂s_i
  const z = tf.tanh(tf.add(tf.expandDims(fromS, 1), tf.expandDims(fromH, 0)));  // [n_tgt, n_src, A]
  return tf.sum(tf.mul(z, v), 2);                               // e_ij = vᵀz_ij
}

export function fitWorkload(tf, input) {
  const { nTgt, nSrc, k, attnDim: A, steps, learningRate } = input;
  const S = tf.tensor2d(Float32Array.from(input.S), [nTgt, k]), H = tf.tensor2d(Float32Array.from(input.H), [nSrc, k]);
  const target = tf.tensor2d(Float32Array.from(input.target), [nTgt, nSrc]);
  const W1 = tf.variable(tf.tensor2d(Float32Array.from(input.W1), [A, k])), W2 = tf.variable(tf.tensor2d(Float32Array.from(input.W2), [A, k]));
  const v = tf.variable(tf.tensor1d(Float32Array.from(input.v)));
  const losses = [], tvs = [];
  let finalMap = null;
  for (let t = 0; t <= steps; t++) {
    let map = null, tv = null;
    const lossOf = () => {
      const logP = tf.logSoftmax(scores(tf, W1, W2, v, S, H));
      map = tf.keep(tf.exp(logP));
      tv = tf.keep(tf.div(tf.sum(tf.abs(tf.sub(map, target))), 2 * nTgt));
      return tf.div(tf.neg(tf.sum(tf.mul(target, logP))), nTgt);
    };
    if (t === steps) {
      losses.push(tf.keep(tf.tidy(lossOf)));
    } else {
      const { value, grads } = tf.variableGrads(lossOf);
      losses.push(value);
      tf.tidy(() => {
        for (const w of [W1, W2, v]) w.assign(tf.sub(w, tf.mul(grads[w.name], learningRate)));
      });
      tf.dispose(grads);
    }
    tvs.push(tv);
    if (t === steps) finalMap = map;
    else map.dispose();
  }
  const out = { loss: tf.stack(losses).dataSync(), tv: tf.stack(tvs).dataSync(), final_map: finalMap.dataSync() };
  tf.dispose([...losses, ...tvs, finalMap, S, H, target, W1, W2, v]);
  return out;
}
