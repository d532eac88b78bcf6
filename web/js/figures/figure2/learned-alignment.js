// Beside the hand-made maps of figure `scorers`: the alignment the trained RNNsearch of
// figure2 (dist/figure2/rnnsearch.weights) really learned for the same sentence. Nothing is
// fetched until the panel nears the viewport; each sentence is aligned once by the WASM core
// (in a worker when one can run) and kept by trainer-client.js.
import { element, whenNearViewport } from '../../lib/dom.js';
import { afterNextFrame } from '../../lib/next-task.js';
import { askTrainedRnnSearch } from './trainer-client.js';
import { alignmentView, expectedMapHeight, keepMapRoom, printNote } from './alignment-map.js';

const MAX_CELL = 40; // px: smaller than figure2's own map, beside scorers' maps
const text = (a) => ({ titleText: '构建时训练的权重', subText: `它译成：${a.output.join(' ')}` });

// options: {base, idPrefix}. show(words) follows the host figure's sentence.
export function learnedAlignment(container, { base, idPrefix }) {
  const box = container.appendChild(element('div', { class: 'figure2-align learned-alignment', 'data-state': 'waiting' }));
  box.append(element('h4', { class: 'figure2-subtitle' }, '对照：真训练出来的 RNNsearch 学到的对齐'));
  const message = box.appendChild(element('p', { class: 'figure2-align-status' }, '滚动到这里时，再载入书外那张 Figure 2 训练好的权重并当场计算。'));
  printNote(box);
  // Made at the first draw: an empty map would be a drawing with nothing in it to read out.
  let view = null;
  const makeView = () => alignmentView(box, {
    idPrefix,
    maxCell: MAX_CELL,
    ariaLabel: '训练出来的 RNNsearch 的对齐热图：行是它写出的英文词，列是中文原文词',
    caption: '训练出来的 RNNsearch 的对齐权重（行 = 写出的词，列 = 原文词）',
  });
  const weightsUrl = new URL('figure2/rnnsearch.weights', base).href;
  let words = null;
  let visible = false;
  let width = container.clientWidth;
  let shown = null;
  // Until the first map is drawn, the room it will take (a new sentence's map replaces the last).
  const keepRoom = () => {
    if (!shown && words && box.dataset.state !== 'error') keepMapRoom(message, expectedMapHeight(words.length, width, MAX_CELL));
  };

  async function render() {
    if (!visible || !words) return;
    const key = words.join(' ');
    if (box.dataset.state !== 'ready') box.dataset.state = 'loading';
    try {
      const a = await askTrainedRnnSearch(base, weightsUrl, 'align', words);
      // A sentence aligned before answers at once; drawn then, a third map would join the host
      // figure's two in the frame that answers the reader's switch. It comes in the next one.
      await afterNextFrame();
      if (key !== words.join(' ')) return; // the reader has moved on to another sentence
      shown = a;
      keepMapRoom(message, null);
      message.hidden = true;
      view ??= makeView();
      view.draw(a, width, text(a));
      box.dataset.state = 'ready';
    } catch (error) {
      keepMapRoom(message, null);
      box.dataset.state = 'error';
      message.hidden = false;
      message.classList.add('is-error');
      message.setAttribute('role', 'alert');
      message.textContent = `训练好的权重没能载入或计算（${error?.message ?? error}）。上面两张图不受影响。`;
    }
  }

  whenNearViewport(box, '200px 0px', () => {
    visible = true;
    render();
  });

  return {
    show(next) {
      const list = Array.from(next ?? [], String);
      if (words && list.join(' ') === words.join(' ')) return;
      words = list;
      keepRoom();
      render();
    },
    resize(next) {
      if (next === width) return; // called on every redraw of the host figure
      width = next;
      keepRoom();
      if (shown) view?.draw(shown, width, text(shown));
    },
  };
}
