// The chapter's linked terms: what each name of `\htmlData{term=NAME}` and of a control's
// spec.term stands for, and which terms each figure computes from its controls. The links
// themselves are made by web/js/lib/term-index.js; this file is what it is told.

// Every term name a formula or control of the chapter uses.
export const glossary = {
  score: { symbol: 'e', name: '打分', what: '状态和记忆有多匹配' },
  state: { symbol: 's', name: '状态', what: '解码器此刻的状态' },
  memory: { symbol: 'h', name: '记忆', what: '编码器对第 j 个词的记忆' },
  alpha: { symbol: 'α', name: '权重', what: '全为正、加起来等于 1' },
  context: { symbol: 'c', name: '上下文', what: '按权重混成的一支向量' },
  d: { symbol: 'd', name: '维度', what: '向量的长度，打分要除以 √d' },
  rho: { symbol: 'ρ', name: '记忆保留率', what: '每读一个词、旧记忆被乘上的倍数' },
  n: { symbol: 'n', name: '源句长度', what: '源句有几个词' },
  m: { symbol: 'm', name: '译文长度', what: '译文有几个词' },
  step: { symbol: 't', name: '训练步数', what: '右边的加性打分器已经训练了几步' },
  hidden: { symbol: 'h', name: '记忆宽度', what: '每个记忆向量有几个数' },
};

// figure id → {term it computes: [terms of its controls that change it]}. A control changes
// its own spec.term directly; these it changes through the figure's computation, and the page
// marks such links as indirect (three-steps' d changes e, and through e also α and c).
export const derivedTerms = {
  'three-steps': { score: ['d', 'state'], alpha: ['d', 'state'], context: ['d', 'state'] },
  mix: { context: ['alpha'] },
  softmax: { alpha: ['score'] },
  'dot-attention': { score: ['state'], alpha: ['state'] },
  'sqrt-d': { score: ['d'], alpha: ['d'] },
  decoder: { alpha: ['state'] },
};

// Where a figure can be seen in the chapter, from a page that does not draw it (the §2 formula
// embedded alone, embed.html, sits beside index.html).
export const chapterUrl = (id) => new URL(`index.html#fig-${encodeURIComponent(id)}`, document.baseURI).href;
