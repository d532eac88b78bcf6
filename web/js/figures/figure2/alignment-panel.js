// The learned alignment of the trained RNNsearch for 「我 昨天 看见 一只 猫」, as a heatmap
// (rows: the words it wrote, then its end step; columns: the source words). The weight file
// and the Figure 2 module are fetched only when the panel nears the viewport; the
// alignment is computed from them by the WASM core. Once the reader's own training finishes, the
// panel can show the alignment of those weights instead.
import { element, whenNearViewport } from '../../lib/dom.js';
import { askTrainedRnnSearch } from './trainer-client.js';
import { alignmentView, expectedMapHeight, keepMapRoom, printNote } from './alignment-map.js';

const SENTENCE = '我 昨天 看见 一只 猫';
const ORIGINS = { build: '构建时训练的权重', browser: '你的浏览器训练的权重' };

// options: {base, weightsUrl, idPrefix}
export function alignmentPanel(container, { base, weightsUrl, idPrefix }) {
  const box = container.appendChild(element('div', { class: 'figure2-align', 'data-state': 'waiting' }));
  box.append(element('h4', { class: 'figure2-subtitle' }, `训练好的 RNNsearch 怎么对齐「${SENTENCE}」`));
  // The choice of weights exists only once the reader has weights of their own.
  const chooser = element('div', { class: 'segmented figure2-origin', role: 'radiogroup', 'aria-label': '用哪一份权重' });
  const radios = Object.entries(ORIGINS).map(([origin, text]) => {
    const label = chooser.appendChild(element('label'));
    const input = label.appendChild(element('input', { type: 'radio', name: `${idPrefix}-origin`, value: origin, checked: origin === 'build' }));
    label.append(element('span', {}, text));
    input.addEventListener('change', () => show(origin));
    return input;
  });
  const message = box.appendChild(element('p', { class: 'figure2-align-status' }, '滚动到这里时，再载入训练好的权重并当场计算对齐。'));
  printNote(box);
  // Made at the first draw: an empty map would be a drawing with nothing in it to read out.
  let view = null;
  const makeView = () => alignmentView(box, {
    idPrefix,
    ariaLabel: '对齐热图：行是模型写出的英文词，列是中文原文词，颜色越深权重越大',
    caption: '训练好的 RNNsearch 的对齐权重（行 = 写出的词，列 = 原文词）',
  });
  const alignments = { build: null, browser: null };
  let shown = null;
  let width = container.clientWidth;
  const keepRoom = () => keepMapRoom(message, expectedMapHeight(SENTENCE.split(' ').length, width));
  keepRoom();

  function draw() {
    const a = alignments[shown];
    if (!a) {
      if (box.dataset.state !== 'error') keepRoom();
      return;
    }
    keepMapRoom(message, null);
    view ??= makeView();
    view.draw(a, width, { titleText: ORIGINS[shown], subText: `它译成：${a.output.join(' ')}` });
    box.dataset.state = 'ready';
    box.dataset.origin = shown;
  }

  function show(origin) {
    shown = origin;
    for (const r of radios) r.checked = r.value === origin;
    draw();
  }

  async function load() {
    box.dataset.state = 'loading';
    message.textContent = '正在载入训练好的 RNNsearch 的权重并计算对齐…';
    try {
      alignments.build = await askTrainedRnnSearch(base, weightsUrl, 'align');
      message.textContent = '';
      message.hidden = true;
      if (!shown) show('build');
    } catch (error) {
      keepMapRoom(message, null);
      box.dataset.state = alignments.browser ? 'ready' : 'error';
      message.classList.add('is-error');
      message.textContent = `训练好的权重没能载入或计算（${error?.message ?? error}）。上面的曲线不受影响。`;
      message.setAttribute('role', 'alert');
    }
  }

  // Fetch when the panel comes within 200 px of the viewport (or at once without an observer): not
  // on the cold load, whose budget the module and the weights (a few hundred KB) would break.
  whenNearViewport(box, '200px 0px', load);

  return {
    element: box,
    // The reader's own RNNsearch finished: offer its alignment, and show it.
    setBrowser(alignment) {
      alignments.browser = alignment;
      if (!chooser.isConnected) message.before(chooser);
      radios[0].disabled = !alignments.build; // the build's weights never arrived
      message.hidden = true;
      show('browser');
    },
    resize(next) {
      width = next;
      draw();
    },
  };
}
