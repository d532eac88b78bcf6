// Figure `decoder` (尾声 · 工业界真的在跑的解码器的一步): the C++ of one attention decoder step,
// cut at build time from the very file compiled into the page (web/generated/decoder_step.json),
// run live on 「我 昨天 看见 一只 猫」. 「下一步」 walks the line groups of a step (embed → gru →
// scores → softmax → context → output), then the next decoding step; α, the top words and the
// greedy choice appear once the lines that compute them have run.
// 权重 = 训练好的 RNNsearch: the same view draws the same figure computed by Figure 2's module with
// the trained model (its step, rnn_search_step, cut from cpp/nmt/rnn_search.cpp the same way),
// loaded on demand (web/js/figures/decoder/trained-decoder.js); update() then returns a promise.
// Data: {src, steps: [{input, scores, alpha, top: [{word, p}], chosen}], stopped, trained, lines}.
import { select } from 'd3-selection';
import { scaleBand, scaleLinear } from 'd3-scale';
import decoderSource from '../../generated/decoder_step.json';
import rnnSearchSource from '../../generated/rnnsearch_step.json';
import { element } from '../lib/dom.js';
import { codeView } from './decoder/code-view.js';
import { trainedDecoder } from './decoder/trained-decoder.js';
import { plainIndices, writeSubscriptedHtml } from '../lib/subscripts.js';
import { attrChanged, attrsChanged, textChanged, writeText } from '../lib/write-changed.js';
import { numbers } from '../lib/numbers.js';

const TRAINED = 1; // the `weights` choice: 0 random (this chapter's decoder), 1 Figure 2's RNNsearch
const PHASE_NAMES = {
  embed: '查词向量 x = E[上一个词]', gru: 'GRU 更新状态 s', scores: '打分 e = s·h / √d',
  softmax: 'softmax 得到权重 α', context: '加权求和 c = Σ α·h', output: '输出分布 p，贪心取最大',
};
// RNNsearch's step, in Bahdanau's order: it scores with the state before this word.
const TRAINED_PHASE_NAMES = {
  ...PHASE_NAMES, scores: '打分 e = v·tanh(W s_{i−1} + U h)', embed: '查词向量并拼上 c：x = [E y; c]',
};
const UNTRAINED_NOTE = '注意：权重是随机初始化、未训练的，所以译文没有意义——这里要看的是计算本身：每一步真的跑了下面这段 C++。想看它真的会翻译，选上面的「训练好的 RNNsearch」。';
const TRAINED_NOTE = '权重已训练：这是构建时训练好的 RNNsearch（见第一节的 Figure 2），它真的在翻译。它是 Bahdanau 式的一步——先用上一步的状态 s_{i−1} 打分、取上下文，再更新 GRU——所以下面的代码也换成了它自己的那一步。随机种子只对随机权重起作用。';
const SIDE_BY_SIDE = 520;   // px: α and the top words side by side from this width
const BLOCK_H = 172;
const PHASE_MS = 700;       // play: one line group per tick
const STEP_MS = 1600;       // play with reduced motion: one whole decoding step per tick
function readData(result) {
  const data = result?.data ?? {};
  const steps = Array.from(data.steps ?? [], (s) => ({
    input: String(s.input), alpha: numbers(s.alpha), chosen: String(s.chosen),
    top: Array.from(s.top ?? [], (t) => ({ word: String(t.word), p: Number(t.p) })),
  }));
  return { src: Array.from(data.src ?? [], String), steps, stopped: Boolean(data.stopped), trained: Boolean(data.trained),
    lines: Array.from(data.lines ?? [], String) };
}

export function mount(el, core, initialState, host) {
  const specOf = (name) => host?.spec?.params?.find((p) => p.name === name);
  const maxStep = specOf('step')?.max ?? 6;
  // The weights the core's spec says another module computes (Figure 2's trained RNNsearch, by
  // attn_figure2): those are asked of that module, the rest of the core.
  const computedElsewhere = specOf('weights')?.computedBy ?? {};
  const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)');
  const untrained = el.appendChild(element('p', { class: 'decoder-untrained' }));
  const actions = el.appendChild(element('div', { class: 'decoder-actions' }));
  const nextButton = actions.appendChild(element('button', { type: 'button', class: 'decoder-next' }, '下一步'));
  const playButton = actions.appendChild(element('button', { type: 'button', class: 'decoder-play', 'aria-pressed': 'false' }, '播放'));
  const status = actions.appendChild(element('span', { class: 'decoder-status' }));
  const sentence = el.appendChild(element('p', { class: 'decoder-sentence' }));
  sentence.append(element('span', { class: 'sentence-label' }, '贪心译文：'));
  const sentenceNote = el.appendChild(element('p', { class: 'decoder-sentence-note' }));

  const root = select(el).append('div').attr('class', 'chart decoder');
  const svg = root.append('svg').attr('xmlns', 'http://www.w3.org/2000/svg').attr('role', 'img')
    .attr('aria-label', '这一步的注意力权重 α 与最可能的 5 个词');
  const alphaBlock = svg.append('g').attr('class', 'alpha-block');
  const alphaTitle = alphaBlock.append('text').attr('class', 'block-title').attr('y', 14);
  const alphaBaseline = alphaBlock.append('line').attr('class', 'baseline').attr('x1', 0).attr('y1', 124).attr('y2', 124);
  const topBlock = svg.append('g').attr('class', 'top-block');
  const topTitle = topBlock.append('text').attr('class', 'block-title').attr('y', 14);
  const codes = [codeView(decoderSource, 'C++ 源码：解码器的一步')];
  let code = codes[0];
  el.append(code.caption, code.pre);
  const trained = trainedDecoder(document.baseURI);
  let waiting = '';      // '' | 'loading' | 'failed': the trained weights' answer has not come
  let latest = 0;        // the latest update: only its answer is drawn

  const xWord = scaleBand().paddingInner(0.25);
  const yAlpha = scaleLinear().domain([0, 1]).range([124, 34]);
  let width = el.clientWidth;
  let view = null;       // the last result, read
  let last = null;
  let phase = 0;         // index into view.lines of the line group that ran last
  let pendingPhase = null;
  let timer = 0;

  const lastPhase = () => Math.max(0, (view?.lines.length ?? 1) - 1);
  const reached = (tag) => view.lines.indexOf(tag) <= phase;
  const atEnd = () => phase === lastPhase() && (view.stopped || view.steps.length >= maxStep);

  // Only one listing is in the page at a time: the step of the weights shown.
  function showCode(choice) {
    codes[TRAINED] ??= codeView(rnnSearchSource, 'C++ 源码：训练好的 RNNsearch 的一步');
    const wanted = codes[choice];
    if (wanted === code) return;
    code.caption.replaceWith(wanted.caption);
    code.pre.replaceWith(wanted.pre);
    code = wanted;
    host?.releaseHeight(); // the other listing is longer or shorter: the figure takes its height
  }

  function noteText(v) {
    if (!v.trained) return UNTRAINED_NOTE;
    if (waiting === 'failed') return '训练好的权重没能载入或计算（原因见下方提示）。再选一次「训练好的 RNNsearch」会重试；随机权重不受影响。';
    if (waiting === 'loading') return '正在载入构建时训练好的 RNNsearch（Figure 2 的模型，约 250 KB）并让它翻译这句话……';
    return TRAINED_NOTE;
  }

  function drawPhase() {
    const v = view;
    const k = v.steps.length;
    const step = v.steps[k - 1];
    const tag = v.lines[phase];
    const showAlpha = step && reached('softmax');
    const showOutput = step && reached('output');
    const names = v.trained ? TRAINED_PHASE_NAMES : PHASE_NAMES;
    code.highlight(step ? phase : -1);
    writeSubscriptedHtml(status, step ? `第 ${k} / ${maxStep} 步 · 第 ${phase + 1} / ${v.lines.length} 段：${names[tag] ?? tag}` : '');
    writeText(nextButton, atEnd() ? '从头再来' : '下一步');
    nextButton.disabled = !step;
    playButton.disabled = !step;
    const note = noteText(v);
    writeSubscriptedHtml(untrained, note, { plain: note !== TRAINED_NOTE }); // an error's own text is shown as it is
    untrained.classList.toggle('is-error', v.trained && waiting === 'failed');

    const words = v.steps.map((s, i) => (i < k - 1 || showOutput ? s.chosen : '？'));
    const wordSpans = select(sentence).selectAll('span.word').data(words).join('span');
    attrChanged(wordSpans, 'class', (_, i) => (i === k - 1 ? 'word is-current' : 'word'));
    textChanged(wordSpans, (w) => w);
    writeText(sentenceNote, v.stopped && showOutput ? `（写出 ${step.chosen}，解码结束）` : '');

    const wide = width >= SIDE_BY_SIDE;
    const blockW = wide ? Math.floor((width - 24) / 2) : width;
    const height = wide ? BLOCK_H : 2 * BLOCK_H;
    attrsChanged(svg, { width, height, viewBox: `0 0 ${width} ${height}` });
    attrChanged(topBlock, 'transform', wide ? `translate(${blockW + 24},0)` : `translate(0,${BLOCK_H})`);

    textChanged(alphaTitle, showAlpha ? `α：第 ${k} 步（输入「${step.input}」）看原文哪里` : 'α：还没算到 softmax');
    xWord.domain(v.src.map((_, i) => i)).range([0, blockW]);
    const alpha = showAlpha ? step.alpha : v.src.map(() => 0);
    attrsChanged(alphaBlock.selectAll('rect.bar').data(alpha).join((enter) => enter.append('rect').attr('class', 'bar')), {
      x: (_, i) => xWord(i), width: xWord.bandwidth(), y: (a) => yAlpha(a), height: (a) => yAlpha(0) - yAlpha(a),
    });
    const alphaValues = alphaBlock.selectAll('text.alpha-value').data(showAlpha ? alpha : [])
      .join((enter) => enter.append('text').attr('class', 'alpha-value').attr('text-anchor', 'middle'));
    attrsChanged(alphaValues, { x: (_, i) => xWord(i) + xWord.bandwidth() / 2, y: (a) => yAlpha(a) - 5 });
    textChanged(alphaValues, (a) => a.toFixed(2));
    const srcWords = alphaBlock.selectAll('text.src-word').data(v.src)
      .join((enter) => enter.append('text').attr('class', 'src-word').attr('y', 144).attr('text-anchor', 'middle'));
    attrChanged(srcWords, 'x', (_, i) => xWord(i) + xWord.bandwidth() / 2);
    textChanged(srcWords, (w) => w);

    // Before the output lines run, the rows stay as empty tracks (the layout does not jump).
    const top = showOutput ? step.top : Array.from({ length: step?.top.length ?? 5 }, () => ({ word: '', p: 0, pending: true }));
    textChanged(topTitle, showOutput ? `最可能的 ${top.length} 个词（概率 p）` : '输出分布 p：还没算到');
    const labelW = 76;
    const barMax = Math.max(40, blockW - labelW - 50);
    const xP = scaleLinear().domain([0, Math.max(1e-9, ...top.map((t) => t.p))]).range([0, barMax]);
    const rows = topBlock.selectAll('g.top-row').data(top).join((enter) => {
      const g = enter.append('g');
      g.append('text').attr('class', 'top-word').attr('x', labelW - 6).attr('y', 9).attr('dy', '0.35em').attr('text-anchor', 'end');
      g.append('rect').attr('class', 'track').attr('x', labelW).attr('height', 18);
      g.append('rect').attr('class', 'bar').attr('x', labelW).attr('height', 18);
      g.append('text').attr('class', 'top-p').attr('y', 9).attr('dy', '0.35em');
      return g;
    });
    attrsChanged(rows, {
      class: (t) => (t.pending ? 'top-row is-pending' : t.word === step?.chosen ? 'top-row is-chosen' : 'top-row'),
      transform: (_, i) => `translate(0,${28 + i * 26})`,
    });
    textChanged(rows.select('text.top-word'), (t) => (t.word && t.word === step?.chosen ? `→ ${t.word}` : t.word));
    attrChanged(rows.select('rect.track'), 'width', barMax);
    attrChanged(rows.select('rect.bar'), 'width', (t) => (t.pending ? 0 : Math.max(1, xP(t.p))));
    const topP = rows.select('text.top-p');
    attrChanged(topP, 'x', (t) => labelW + xP(t.p) + 5);
    textChanged(topP, (t) => (t.pending ? '' : t.p.toFixed(3)));
    attrChanged(alphaBaseline, 'x2', blockW);

    const alphaText = showAlpha ? `；α：${v.src.map((w, i) => `${w} ${step.alpha[i].toFixed(2)}`).join('，')}` : '';
    const chosenP = showOutput ? step.top.find((t) => t.word === step.chosen)?.p : undefined;
    const outText = showOutput ? `；贪心选中「${step.chosen}」${chosenP === undefined ? '' : `（p = ${chosenP.toFixed(3)}）`}` : '';
    const whose = v.trained ? '权重是构建时训练好的 RNNsearch。' : '权重随机、未训练。';
    host?.describe(step ? `第 ${k} 步，输入「${step.input}」，正在执行：${plainIndices(names[tag] ?? tag)}${alphaText}${outText}。${whose}`
      : noteText(v));
  }

  // One line group further; past the last group, the next decoding step (a new core call).
  function next({ wholeStep = false } = {}) {
    if (!view.steps.length) return false; // the trained weights are still on their way
    if (!wholeStep && phase < lastPhase()) {
      phase += 1;
      drawPhase();
      return true;
    }
    if (atEnd()) return false;
    pendingPhase = wholeStep ? lastPhase() : 0;
    host.setParams({ step: view.steps.length + 1 });
    return true;
  }

  function stop() {
    clearInterval(timer);
    timer = 0;
    playButton.textContent = '播放';
    playButton.setAttribute('aria-pressed', 'false');
  }

  nextButton.addEventListener('click', () => {
    stop();
    if (atEnd()) {
      pendingPhase = 0;
      host.setParams({ step: 1 });
    } else next();
  });
  // Reduced motion: no line-by-line flicker, one whole step at a slower pace.
  playButton.addEventListener('click', () => {
    if (timer) return stop();
    if (atEnd()) {
      pendingPhase = 0;
      host.setParams({ step: 1 });
    }
    const whole = Boolean(reducedMotion?.matches);
    playButton.textContent = '暂停';
    playButton.setAttribute('aria-pressed', 'true');
    timer = setInterval(() => {
      if (!el.isConnected || !next({ wholeStep: whole })) stop();
    }, whole ? STEP_MS : PHASE_MS);
    return undefined;
  });

  // Draws a result: a step chosen on the slider is shown complete; 「下一步」 starts the new step
  // at its first group.
  function show(result) {
    waiting = '';
    last = result;
    view = readData(result);
    phase = Math.min(pendingPhase ?? lastPhase(), lastPhase());
    pendingPhase = null;
    drawPhase();
    return result;
  }

  // While the trained weights' answer is on its way (or did not come): no steps, no buttons.
  function showWaiting(state) {
    waiting = state;
    view = readData({ data: { trained: true, lines: code.order } });
    phase = 0;
    drawPhase();
  }

  return {
    update(params) {
      const ticket = ++latest;
      const weights = params.weights === TRAINED ? TRAINED : 0;
      showCode(weights);
      // The core checks every parameter and computes the chapter's decoder; Figure 2's module
      // computes the figure for its trained RNNsearch, through the same checks.
      if (!(params.weights in computedElsewhere)) return show(core.figure('decoder', params));
      const answer = trained.figure(params);
      if (typeof answer.then !== 'function') return show(answer);
      if (!view?.steps.length || !view.trained) showWaiting('loading');
      return answer.then((result) => (ticket === latest ? show(result) : result), (error) => {
        if (ticket === latest) showWaiting('failed');
        throw error;
      });
    },
    resize() {
      width = el.clientWidth;
      if (view) drawPhase();
    },
    svg: () => svg.node(),
  };
}
