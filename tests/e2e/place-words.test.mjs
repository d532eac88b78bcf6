// Words of place are true where the reader sees them. Every 上面 / 下面 / 左边 / 右边 (and the
// like) shown in the chapter or read out as a name (aria-label), at a desktop's 1280 px and a
// phone's 360 px, and in each figure embedded alone, is looked up in the
// table below and checked against the rendered layout: the thing it points at really is in that
// direction. A word of place the table does not know fails, so a new one cannot slip in unchecked;
// a word the table expects at a width but the page does not show fails too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scrollIntoViewAndDraw, useBrowserSuite, waitForFigure } from './harness.mjs';

const suite = useBrowserSuite();

// Words that point somewhere on the page. (Order and time — 上一章, 上一步, 从左往右, 左右滑动 —
// are not places on the page and are not matched.)
const PLACE_WORDS = ['最下面', '最上面', '上面', '下面', '左边', '右边', '上表', '下表', '左图', '右图', '上图', '下图',
  '上排', '下排', '右端', '左列', '右边网格', '上半张', '下半张', '第一张图', '第二张图'];

const DOT_MAP = '[data-figure="scorers"] g.heatmap.is-dot';
const ADDITIVE_MAP = '[data-figure="scorers"] g.heatmap.is-additive';
const SQRT_D_SUMMARY = '[data-figure="sqrt-d"] g.summary';
const SQRT_D_TYPICAL = '[data-figure="sqrt-d"] g.typical';
const WIDE = [1280];
const NARROW = [360];
const BOTH = [1280, 360];

// word: as matched; context: text around it (visible text only); widths: where it must show.
// check: {rel, target[, of]} — target is below / above / leftOf / rightOf `of` (default: the word
// itself), or 'lowest': lower than every other control of its figure. A selector that matches
// several elements (the encoder's nodes) stands for the box around all of them.
const scorersPair = (side) => (side === 'dot'
  ? { wide: { rel: 'leftOf', target: DOT_MAP, of: ADDITIVE_MAP }, narrow: { rel: 'above', target: DOT_MAP, of: ADDITIVE_MAP } }
  : { wide: { rel: 'rightOf', target: ADDITIVE_MAP, of: DOT_MAP }, narrow: { rel: 'below', target: ADDITIVE_MAP, of: DOT_MAP } });
const onScorersMap = (side, wideWord, narrowWord, context, narrowContext = context) => [
  { word: wideWord, context, widths: WIDE, check: scorersPair(side).wide },
  { word: narrowWord, context: narrowContext, widths: NARROW, check: scorersPair(side).narrow },
];

const TABLE = [
  { word: '下面', context: '下面真跑一个 16 维', widths: BOTH, check: { rel: 'below', target: '[data-figure="funnel"] .chart svg' } },
  { word: '下面', context: '纵轴是下面那条曲线', widths: BOTH, check: { rel: 'below', target: '[data-figure="length"] .chart svg' } },
  { word: '上面', context: '上面那三步背后', widths: BOTH, check: { rel: 'above', target: '#fig-formula .math-display' } },
  { word: '下面', context: '下面把它算一遍', widths: BOTH, check: { rel: 'below', target: '[data-figure="three-steps"] svg' } },
  { word: '上面', context: '先把上面那根', widths: BOTH, check: { rel: 'above', target: '#three-steps-d' } },
  { word: '上面', context: '看上面读数里', widths: BOTH, check: { rel: 'above', target: '[data-figure="three-steps"] g.is-scores' } },
  { word: '下面', context: '拖下面的柱子', widths: BOTH, check: { rel: 'below', target: '[data-figure="softmax"] svg' } },
  { word: '下面', context: '下面每个词有一个手工设定', widths: BOTH, check: { rel: 'below', target: '[data-figure="dot-attention"] svg' } },
  ...onScorersMap('dot', '左边', '第一张图', '是 Luong 的乘性打分'),
  ...onScorersMap('additive', '右边', '第二张图', '是 Bahdanau 的加性打分'),
  ...onScorersMap('dot', '左边', '第一张图', '是左边那张图，', '是第一张图，'),
  ...onScorersMap('additive', '右边', '第二张图', '右边训练', '第二张图训练'),
  ...onScorersMap('additive', '右边', '第二张图', '刚开始是纯随机'),
  ...onScorersMap('dot', '左边', '第一张图', '目标就是左边', '目标就是第一张图'),
  { word: '下面', context: '把下面的滑块从 0 拖到 500', widths: BOTH, check: { rel: 'below', target: '#scorers-step' } },
  { word: '右图', context: '右图取 5 次', widths: WIDE, check: { rel: 'rightOf', target: SQRT_D_TYPICAL, of: SQRT_D_SUMMARY } },
  { word: '左边', context: '左边数字是平均值', widths: WIDE, check: { rel: 'leftOf', target: SQRT_D_SUMMARY, of: SQRT_D_TYPICAL } },
  { word: '下半张', context: '下半张图取 5 次', widths: NARROW, check: { rel: 'below', target: SQRT_D_TYPICAL, of: SQRT_D_SUMMARY } },
  { word: '上半张', context: '上半张的数字是平均值', widths: NARROW, check: { rel: 'above', target: SQRT_D_SUMMARY, of: SQRT_D_TYPICAL } },
  { word: '上排', context: '上排编码器', widths: BOTH, check: { rel: 'above', target: '[data-figure="path"] circle.is-h', of: '[data-figure="path"] circle.is-s' } },
  { word: '下排', context: '下排解码器', widths: BOTH, check: { rel: 'below', target: '[data-figure="path"] circle.is-s', of: '[data-figure="path"] circle.is-h' } },
  { word: '右端', context: '右端 c', widths: BOTH, check: { rel: 'rightOf', target: '[data-figure="path"] circle.is-c', of: '[data-figure="path"] circle.is-h' } },
  { word: '左列', context: '左列：固定向量每步读一次', widths: BOTH, check: { rel: 'leftOf', target: '[data-figure="cost"] rect.read-c', of: '[data-figure="cost"] rect.step-row' } },
  { word: '右边网格', context: '右边网格：注意力', widths: BOTH, check: { rel: 'rightOf', target: '[data-figure="cost"] rect.step-row', of: '[data-figure="cost"] rect.read-c' } },
  { word: '下面', context: '下面那张表是另一套', widths: BOTH, check: { rel: 'below', target: '.threads-table' } },
  { word: '最下面', context: '把最下面那个「训练步数」', widths: BOTH, check: { rel: 'lowest', target: '#scorers-step' } },
  ...onScorersMap('additive', '右边', '第二张图', '加性打分器的三个矩阵'),
  ...onScorersMap('dot', '左边', '第一张图', '的形状。'),
  ...onScorersMap('dot', '左边', '第一张图', '的成本：一个参数'),
  { word: '下面', context: '下面这本账当场算', widths: BOTH, check: { rel: 'below', target: '[data-figure="ledger"] .figure-mount' } },
  { word: '上面', context: '上面讲的都是', widths: BOTH, check: { rel: 'above', target: '#sec-6' } },
  { word: '下面', context: '下面就是那个解码器', widths: BOTH, check: { rel: 'below', target: '[data-figure="decoder"] .figure-mount' } },
  { word: '下面', context: '跑了下面这段 C++', widths: BOTH, check: { rel: 'below', target: '[data-figure="decoder"] pre' } },
  { word: '上面', context: '选上面的「训练好的', widths: BOTH, check: { rel: 'above', target: '[data-figure="decoder"] .control[data-param="weights"]' } },
];

// Every visible match of a place word in the chapter: the word, the visible text around it, and
// the box of the word itself. Text hidden by display: none (the other word of a pair) is skipped.
function visiblePlaceWords([words, rootSelector]) {
  const pattern = new RegExp(words.sort((a, b) => b.length - a.length).join('|'), 'g');
  const root = document.querySelector(rootSelector);
  const blockOf = (node) => node.parentElement.closest('p, li, td, th, legend, caption, summary, h1, h2, h3, h4, text, div') ?? root;
  const visible = (node) => node.parentElement?.checkVisibility?.() !== false && node.parentElement?.getClientRects().length > 0;
  const textNodes = (root) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const out = [];
    while (walker.nextNode()) if (visible(walker.currentNode) && !walker.currentNode.parentElement.closest('.katex, script, style')) out.push(walker.currentNode);
    return out;
  };
  const found = [];
  const blocks = new Map();
  for (const node of textNodes(root)) {
    const block = blockOf(node);
    if (!blocks.has(block)) blocks.set(block, textNodes(block));
    const siblings = blocks.get(block);
    const text = siblings.map((n) => n.data).join('');
    const offset = siblings.slice(0, siblings.indexOf(node)).reduce((sum, n) => sum + n.data.length, 0);
    for (const match of node.data.matchAll(pattern)) {
      const at = offset + match.index;
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const r = range.getBoundingClientRect();
      found.push({ word: match[0], context: text.slice(Math.max(0, at - 20), at + match[0].length + 20).replace(/\s+/g, ' '),
        box: { top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, right: r.right } });
    }
  }
  // Names read out instead of shown (aria-label) count too; the box is the named element's.
  for (const el of root.querySelectorAll('[aria-label]')) {
    if (!el.getClientRects().length) continue;
    const label = el.getAttribute('aria-label');
    const r = el.getBoundingClientRect();
    for (const match of label.matchAll(pattern)) {
      found.push({ word: match[0], context: label.slice(Math.max(0, match.index - 20), match.index + match[0].length + 20),
        box: { top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, right: r.right } });
    }
  }
  return found;
}

// Checks one relation in the page; returns '' when it holds, else what was measured.
function checkRelation({ check, box }) {
  const boxOf = (selector) => {
    const rects = [...document.querySelectorAll(selector)].map((el) => el.getBoundingClientRect());
    if (!rects.length) return null;
    return {
      top: Math.min(...rects.map((r) => r.top)) + scrollY, bottom: Math.max(...rects.map((r) => r.bottom)) + scrollY,
      left: Math.min(...rects.map((r) => r.left)), right: Math.max(...rects.map((r) => r.right)),
    };
  };
  const target = boxOf(check.target);
  if (!target) return `no element ${check.target}`;
  if (check.rel === 'lowest') {
    const control = document.querySelector(check.target).closest('.control');
    const others = [...control.parentElement.querySelectorAll(':scope > .control')].filter((c) => c !== control);
    const lowestOther = Math.max(...others.map((c) => c.getBoundingClientRect().bottom + scrollY));
    const top = control.getBoundingClientRect().top + scrollY;
    return top >= lowestOther - 0.5 ? '' : `its control starts at ${top}, another ends at ${lowestOther}`;
  }
  const of = check.of ? boxOf(check.of) : box;
  if (!of) return `no element ${check.of}`;
  const ok = {
    below: target.top >= of.bottom - 0.5,
    above: target.bottom <= of.top + 0.5,
    leftOf: target.right <= of.left + 0.5,
    rightOf: target.left >= of.right - 0.5,
  }[check.rel];
  return ok ? '' : `${check.target} ${JSON.stringify(target)} is not ${check.rel} ${check.of ?? 'the word'} ${JSON.stringify(of)}`;
}

// Checks every occurrence against its entry in TABLE; returns the entries used.
async function assertTrue(page, found, width) {
  const unchecked = [];
  const used = new Set();
  for (const occurrence of found) {
    const entry = TABLE.find((e) => e.word === occurrence.word && e.widths.includes(width) && occurrence.context.includes(e.context));
    if (!entry) {
      unchecked.push(`「${occurrence.word}」 in …${occurrence.context}…`);
      continue;
    }
    used.add(entry);
    const failure = await page.evaluate(checkRelation, { check: entry.check, box: occurrence.box });
    assert.equal(failure, '', `「${occurrence.word}」 in …${occurrence.context}… at ${width} px: ${failure}`);
  }
  assert.deepEqual(unchecked, [], 'words of place with no check in the table');
  return used;
}

for (const width of [1280, 360]) {
  test(`at ${width} px every word of place the reader sees is true of the layout`, async () => {
    const { page, errors } = await suite.openSettled('index.html', { width, height: width === 360 ? 740 : 900 });
    await page.evaluate(() => document.fonts.ready);
    const found = await page.evaluate(visiblePlaceWords, [PLACE_WORDS, '.chapter']);
    assert.ok(found.length >= 20, `only ${found.length} words of place found`);
    const used = await assertTrue(page, found, width);
    const missing = TABLE.filter((e) => e.widths.includes(width) && !used.has(e)).map((e) => `「${e.word}」 …${e.context}…`);
    assert.deepEqual(missing, [], `expected at ${width} px but not shown`);
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('the words hidden in the layout are hidden from the accessibility tree too', async () => {
  const { page } = await suite.openSettled('index.html', { width: 360, height: 740 });
  const notes = page.locator('[data-figure="scorers"] .figure-notes p').first();
  // Read where the reader reads it: innerText reads the layout, and a figure far from the view
  // is skipped (content-visibility: auto) until it comes near.
  await scrollIntoViewAndDraw(notes);
  const spoken = await notes.evaluate((p) => p.innerText);
  assert.match(spoken, /^第一张图是 Luong/);
  assert.doesNotMatch(spoken, /左边/);
  await page.close();
});

test('a failed load says 「上面」 of what is above it: the figure2 and scorers status lines sit under their charts', async () => {
  const { page } = await suite.openSettled('index.html', { width: 360, height: 740 });
  const order = await page.evaluate(() => {
    const top = (s) => document.querySelector(s)?.getBoundingClientRect().top ?? NaN;
    const bottom = (s) => document.querySelector(s)?.getBoundingClientRect().bottom ?? NaN;
    return {
      // 「上面的实线（构建时训练的模型）不受影响」, 「上面的曲线不受影响」: under the BLEU chart
      train: top('[data-figure="figure2"] .figure2-train') >= bottom('[data-figure="figure2"] .chart svg') - 0.5,
      align: top('[data-figure="figure2"] .figure2-align') >= bottom('[data-figure="figure2"] .chart svg') - 0.5,
      // 「你仍可以按下面的按钮在浏览器里训练」: the status line over the button
      button: top('[data-figure="figure2"] .figure2-start') >= bottom('[data-figure="figure2"] .figure2-status') - 0.5,
      // 「上面两张图不受影响」: the learned alignment under the two maps
      learned: top('[data-figure="scorers"] .learned-alignment') >= bottom('[data-figure="scorers"] .chart.scorers svg') - 0.5,
    };
  });
  assert.deepEqual(order, { train: true, align: true, button: true, learned: true });
  await page.close();
});

// A figure embedded alone in a course site's frame keeps its notes: their words of place must
// hold there too (the frame's own width decides the layout, as the page's does).
// (figure2 says 「图里那张热图」 now: nothing of place left to find there.)
const WITH_PLACE_WORDS = new Set(['funnel', 'length', 'scorers', 'sqrt-d', 'path', 'cost', 'decoder']);
for (const id of ['funnel', 'length', 'scorers', 'sqrt-d', 'path', 'cost', 'decoder', 'figure2']) {
  test(`${id} embedded alone: its words of place are true at 1280 and 360 px`, async () => {
    for (const width of [1280, 360]) {
      const { page, errors } = await suite.open(`embed.html?fig=${id}`, { width, height: 800 });
      await waitForFigure(page, id);
      await page.evaluate(() => document.fonts.ready);
      const found = await page.evaluate(visiblePlaceWords, [PLACE_WORDS, '#embed-root']);
      assert.equal(found.length > 0, WITH_PLACE_WORDS.has(id), `${found.length} words of place in ${id}`);
      await assertTrue(page, found, width);
      assert.deepEqual(errors, []);
      await page.close();
    }
  });
}
