// Reading Figure 2's numbers, wherever they come from: the build's <model>.json (written by
// `attn train-figure2`, cpp/figure2/report.cpp) or a worker's evaluation (the same shape, from the
// same C++: Figure2Trainer.evaluate). Every BLEU the
// page shows is one of these numbers as the core computed it (0 … 1), shown × 100 as papers do.

// The two models, in the order the page draws and lists them.
export const MODELS = ['rnnenc', 'rnnsearch'];
// Where the build writes each model's report, beside the page (dist/figure2/<model>.json).
export const reportFile = (model) => `figure2/${model}.json`;

// {lo, hi, count, bleu, exact}[] from any evaluation-shaped object.
export const readBuckets = (evaluation) => Array.from(evaluation?.buckets ?? [], (b) => ({
  lo: Number(b.lo), hi: Number(b.hi), count: Number(b.count), bleu: Number(b.bleu), exact: Number(b.exact),
}));

// An evaluation {step, bleu, exact, buckets}; `step` when the evaluation does not say it.
export const readEvaluation = (e, step) => ({
  step: Number(e?.step ?? step),
  bleu: Number(e?.bleu),
  exact: Number(e?.exact),
  buckets: readBuckets(e),
});

// The build's report of one model, checked just enough that a stray file reads as "missing".
export function readReport(json) {
  if (!json || typeof json !== 'object' || !json.final || !Array.isArray(json.final.buckets)) {
    throw new Error('不是 attn train-figure2 写出的报告');
  }
  const config = json.config ?? {};
  return {
    model: String(json.model),
    steps: Number(json.steps),
    parameters: Number(json.parameters),
    trainSeconds: Number(json.train_seconds),
    evalSeconds: Number(json.eval_seconds),
    config: {
      steps: Number(config.train?.steps), batch: Number(config.train?.batch), lr: Number(config.train?.lr),
      clip: Number(config.train?.clip), embedding: Number(config.embedding), hidden: Number(config.hidden),
      nTrain: Number(config.corpus?.n_train), nValid: Number(config.corpus?.n_valid), nTest: Number(config.corpus?.n_test),
      minLen: Number(config.corpus?.min_len), maxLen: Number(config.corpus?.max_len),
      checkpointEvery: Number(config.checkpoint_every),
    },
    checkpoints: Array.from(json.checkpoints ?? [], (c) => readEvaluation(c)),
    final: readEvaluation(json.final),
    alignment: json.alignment ?? null,
  };
}

// "3–9" for the bucket of source lengths 3 … 9.
export const bucketLabel = (b) => (b.lo === b.hi ? `${b.lo}` : `${b.lo}–${b.hi}`);
export const bleuText = (bleu) => (Number.isFinite(bleu) ? (100 * bleu).toFixed(1) : '–');

// 83.4 → "83 秒"; 125 → "2 分 5 秒".
export function durationText(seconds) {
  if (!Number.isFinite(seconds)) return '–';
  const s = Math.round(seconds);
  if (s < 60) return seconds < 10 ? `${seconds.toFixed(1)} 秒` : `${s} 秒`;
  return `${Math.floor(s / 60)} 分 ${s % 60} 秒`;
}

export const MODEL_NAMES = { rnnenc: 'RNNenc', rnnsearch: 'RNNsearch' };
export const MODEL_ROLES = { rnnenc: '固定向量', rnnsearch: '注意力' };
