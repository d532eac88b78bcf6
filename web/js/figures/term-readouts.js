// One line per figure and term: what the figure shows of that term right now, read from the
// core's last result (never recomputed). A stand-in control (web/js/lib/term-popover.js)
// prints it beside itself, so a reader who moves the stand-in sees what it changes even while
// the figure is off-screen: α's stand-in says 「α：我 0.05 · 昨天 0.02 · …」 as it moves.
import { fixed2, argMax } from '../lib/svg-frame.js';
import { formatMagnitude } from '../lib/log-chart.js';
import { numbers } from '../lib/numbers.js';

const strings = (v) => Array.from(v ?? [], String);
const perWord = (symbol, words, values) => `${symbol}：${words.map((w, j) => `${w} ${fixed2(values[j])}`).join(' · ')}`;
const topWord = (words, alpha) => {
  const j = argMax(alpha);
  return j < 0 ? '' : `α 最大在「${words[j]}」（${fixed2(alpha[j])}）`;
};
const count = (value) => Number(value).toLocaleString('zh-CN');
const SUBSCRIPT = '₀₁₂₃₄₅₆₇₈₉';
const sub = (n) => String(n).replace(/\d/g, (d) => SUBSCRIPT[d]);
const rho = (value) => (Number.isInteger(Number(value)) ? Number(value).toFixed(1) : String(value)); // 1 → 「1.0」

// figure id → (term, data) → the line: what the term's controls change in the figure (for
// softmax's numbers x, the weights they make). A term a figure has no line of its own for gets
// the figure's main one.
const readouts = {
  funnel(_, data) {
    const norms = numbers(data.norms);
    const words = strings(data.words);
    return `「${words[0]}」对 c 的影响 ${formatMagnitude(norms[0])}，最后一个词「${words.at(-1)}」${formatMagnitude(norms.at(-1))}`;
  },
  length(_, data) {
    const curve = data.curves?.[Number(data.current ?? 0)];
    if (!curve) return '';
    const exit = Number(curve.exit_n);
    if (!(Number.isFinite(exit) && exit > 0)) return `ρ = ${rho(curve.rho)}：一直留在灰色带里`;
    const above = Number(curve.norms?.[exit - 1]) > Number(data.band?.[1]);
    return `ρ = ${rho(curve.rho)}：n = ${exit} 时${above ? '冲出' : '跌出'}灰色带`;
  },
  'three-steps'(term, data) {
    const words = strings(data.src);
    const e = numbers(data.e);
    const alpha = numbers(data.alpha);
    if (term === 'score') return perWord('e', words, e);
    if (term === 'd') return `√d = ${fixed2(Number(data.sqrt_d))}，最大的 e = ${fixed2(Math.max(...e))}`;
    if (term === 'context') return `c 主要来自「${words[argMax(alpha)]}」（α = ${fixed2(Math.max(...alpha))}）`;
    if (term === 'state') return `s =「${data.target}」，${topWord(words, alpha)}`;
    return perWord('α', words, alpha);
  },
  mix(term, data) {
    const words = strings(data.src);
    const alpha = numbers(data.alpha);
    if (term === 'context') return `c 主要来自「${words[argMax(alpha)]}」，${data.inside_fan ? '落在扇形里' : '没落在扇形里'}`;
    return perWord('α', words, alpha);
  },
  softmax(_, data) {
    const weights = numbers(data.weights);
    return `α：${weights.map(fixed2).join(' · ')}，加起来 = ${Number(Number(data.sum).toPrecision(12))}`;
  },
  'dot-attention'(term, data) {
    const words = strings(data.src);
    const alpha = numbers(data.alpha);
    if (term === 'score') return perWord('e', words, numbers(data.scores));
    if (term === 'alpha') return perWord('α', words, alpha);
    return `s =「${strings(data.tgt)[Number(data.target)]}」，${topWord(words, alpha)}`;
  },
  scorers(_, data) {
    return `训练 ${data.step} 步：两张图的 TV 距离 = ${fixed2(Number(data.tv_now))}`;
  },
  'sqrt-d'(term, data) {
    const raw = data.raw ?? {};
    const scaled = data.scaled ?? {};
    if (term === 'score') return `平均极差：原始 ${fixed2(raw.range_mean)}，除以 √d 后 ${fixed2(scaled.range_mean)}`;
    return `平均熵：原始 ${fixed2(raw.entropy_mean)}，除以 √d 后 ${fixed2(scaled.entropy_mean)}`;
  },
  path(_, data) {
    return `h${sub(data.j)} → s${sub(data.i)}：RNN 要走 ${data.rnn?.hops} 步，注意力 ${data.attention?.hops} 步`;
  },
  cost(_, data) {
    return `注意力比对 ${count(data.comparisons)} 次，固定向量只读 c ${count(data.fixed_vector_reads)} 次`;
  },
  ledger(_, data) {
    return `h = ${data.hidden}：加性 ${count(data.additive?.total)}，乘性 ${count(data.general?.total)}，点积 0`;
  },
  decoder(_, data) {
    const steps = Array.from(data.steps ?? []);
    const last = steps.at(-1);
    if (!last) return '';
    return `第 ${steps.length} 步写出「${last.chosen}」，${topWord(strings(data.src), numbers(last.alpha))}`;
  },
};

// The line for `term` in figure `figureId`, given the core's result; '' when there is none.
export function readout(figureId, term, result) {
  const data = result?.data;
  return data && readouts[figureId] ? readouts[figureId](term, data) : '';
}
