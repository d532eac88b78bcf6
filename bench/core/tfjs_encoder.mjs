// The §1 workload in TensorFlow.js, with its own autodiff: the RNN h_t = tanh(W·h_{t−1} + w_t)
// forward, then ∂c/∂w_j for every j, then ‖∂c/∂w_j‖₂.
//
// Two ways to get the 16 rows of each Jacobian (c has 16 components):
//   batchedJacobians   one tf.grad over a batch of 16 copies of the sentence, copy b seeded with
//                      e_b: the 16 vector-Jacobian products in one forward and one backward
//                      pass — the fastest way we found to do it in TF.js.
//   perRowJacobians    16 separate tf.grad calls, one per component of c (16 forward and 16
//                      backward passes): what a straightforward TF.js program does.
// Every function takes the TF.js namespace (tfjs_setup.mjs loads it) as its first argument.
// TF.js has no SVD or eigensolver; spectralNorms gets σ_max = √λ_max(JᵀJ) by repeated squaring
// of the normalised Gram matrices (power iteration, 2^10 steps' worth) and a Rayleigh quotient.

const K = 16;

// Rows of the states: with h as a row vector, W·h becomes h·Wᵀ.
function runEncoder(tf, W, wordsSteps, h0) {
  let h = h0;
  for (const w of wordsSteps) h = tf.tanh(tf.add(tf.matMul(h, W, false, true), w));
  return h;
}

export function batchedJacobians(tf, W, words, n) {
  const eye = tf.eye(K);
  // f(X), X = [16 copies, n, 16]: Σ_b c_b[b], so ∂f/∂X[b, j, :] = row b of ∂c/∂w_j.
  const f = (X) => tf.sum(tf.mul(runEncoder(tf, W, tf.unstack(X, 1), tf.zeros([K, K])), eye));
  const X = tf.tile(tf.expandDims(words, 0), [K, 1, 1]);
  const g = tf.grad(f)(X);               // [b = r, j, s]
  return tf.transpose(g, [1, 0, 2]);     // [j, r, s] = ∂c_r/∂w_j[s]
}

export function perRowJacobians(tf, W, words, n) {
  const rows = [];
  for (let r = 0; r < K; r++) {
    const pick = tf.cast(tf.oneHot(tf.tensor1d([r], 'int32'), K), 'float32');  // [1, 16]: e_r
    const f = (x) => tf.sum(tf.mul(runEncoder(tf, W, tf.split(x, n, 0), tf.zeros([1, K])), pick));
    rows.push(tf.grad(f)(words));        // [j, s] = ∂c_r/∂w_j[s]
  }
  return tf.stack(rows, 1);              // [j, r, s]
}

// σ_max of each J[j] (J: [n, 16, 16]).
export function spectralNorms(tf, J) {
  // Scale each matrix to max |entry| 1 first: float32 squares of small Jacobians would underflow.
  const scale = tf.add(tf.max(tf.abs(J), [1, 2], true), 1e-30);
  const Js = tf.div(J, scale);
  const G = tf.matMul(Js, Js, true, false);                    // JᵀJ
  let M = G;
  for (let i = 0; i < 10; i++) {                               // M ∝ G^(2^10): its columns → top eigenvector
    M = tf.matMul(M, M);
    M = tf.div(M, tf.add(tf.max(tf.abs(M), [1, 2], true), 1e-30));
  }
  const start = tf.tensor2d(Array.from({ length: K }, (_, i) => [1 + 0.1 * i]));  // fixed, not ⟂ to anything
  const v = tf.matMul(M, tf.tile(tf.expandDims(start, 0), [J.shape[0], 1, 1]));
  const lambda = tf.div(tf.sum(tf.mul(v, tf.matMul(G, v)), [1, 2]), tf.sum(tf.mul(v, v), [1, 2]));
  return tf.mul(tf.sqrt(lambda), tf.reshape(scale, [-1]));
}

// The whole workload (inputs: the core's float64 arrays, made float32, TF.js's only float type);
// returns {jacobians, norms} as Float32Arrays (j-major, row-major blocks).
export function encoderWorkload(tf, input, n, way = 'batched') {
  return tf.tidy(() => {
    const W = tf.tensor2d(Float32Array.from(input.W), [K, K]);
    const words = tf.tensor2d(Float32Array.from(input.words), [n, K]);
    const J = way === 'batched' ? batchedJacobians(tf, W, words, n) : perRowJacobians(tf, W, words, n);
    const norms = spectralNorms(tf, J);
    return { jacobians: J.dataSync(), norms: norms.dataSync() };
  });
}
