// The numbers of figure2's notes, written into the chapter at build time (web/build.mjs) from
// the reports of the models the build trained, so the notes say what was really trained and how
// long it took, with JavaScript or without. A note marks each number as
//   <span data-figure2-fact="KEY">？</span>
// and keeps its placeholder when the build trained nothing.
import { bleuText, bucketLabel, durationText, readReport } from './report.js';

const grouped = (n) => (Number.isFinite(n) ? n.toLocaleString('en-US') : '？');

// reports: {rnnenc, rnnsearch} parsed JSON (either may be missing). → {KEY: text}
export function figure2Facts({ rnnenc, rnnsearch }) {
  const facts = {};
  const enc = rnnenc ? readReport(rnnenc) : null;
  const search = rnnsearch ? readReport(rnnsearch) : null;
  const any = search ?? enc;
  if (any) {
    const c = any.config;
    Object.assign(facts, {
      'n-train': grouped(c.nTrain), 'n-valid': grouped(c.nValid), 'n-test': grouped(c.nTest),
      'min-len': String(c.minLen), 'max-len': String(c.maxLen), hidden: String(c.hidden), embedding: String(c.embedding),
      steps: grouped(c.steps), batch: String(c.batch), lr: String(c.lr), clip: String(c.clip),
      epochs: (c.steps * c.batch / c.nTrain).toFixed(0), 'checkpoint-every': String(c.checkpointEvery),
    });
  }
  for (const [name, report] of [['rnnenc', enc], ['rnnsearch', search]]) {
    if (!report) continue;
    facts[`${name}-parameters`] = grouped(report.parameters);
    facts[`${name}-train-time`] = durationText(report.trainSeconds);
    facts[`${name}-eval-time`] = durationText(report.evalSeconds);
  }
  // The final BLEU the notes quote: RNNenc's shortest and longest buckets, RNNsearch's lowest.
  const buckets = (report) => report?.final.buckets ?? [];
  const [first, last] = [buckets(enc)[0], buckets(enc).at(-1)];
  if (first && last) {
    Object.assign(facts, {
      'short-bucket': bucketLabel(first), 'long-bucket': bucketLabel(last),
      'rnnenc-bleu-short': bleuText(first.bleu), 'rnnenc-bleu-long': bleuText(last.bleu),
    });
  }
  if (buckets(search).length) facts['rnnsearch-bleu-min'] = bleuText(Math.min(...buckets(search).map((b) => b.bleu)));
  return facts;
}

const FACT = /(<span\b[^>]*\sdata-figure2-fact="([a-z0-9-]+)"[^>]*>)([^<]*)(<\/span>)/g;

// The chapter's HTML with every known fact written in (text only: the values are numbers).
export function fillFigure2Facts(html, facts) {
  return html.replace(FACT, (all, open, key, placeholder, close) => (Object.hasOwn(facts, key) ? `${open}${facts[key]}${close}` : all));
}
