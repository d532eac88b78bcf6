// Figure `ledger` (§6 暗线 C 参数账本): how many parameters each scorer adds at memory width h.
// Three rows, bars on one scale that stays put while h moves (full length = the additive scorer
// at the largest h), so the quadratic growth is visible; each row names its weight blocks.
// Data: {hidden, additive|general|dot: {total, zh (「≈ 52 万」), blocks: [{name, shape, count}]}}.
import { select } from 'd3-selection';
import { scaleLinear } from 'd3-scale';
import { format } from 'd3-format';
import { coreDrawnFigure } from '../lib/figure-handle.js';
import { numbers } from '../lib/numbers.js';
import { attrChanged, attrsChanged, textChanged } from '../lib/write-changed.js';

const ROWS = [
  { key: 'additive', name: '加性（Bahdanau）', formula: '2h² + h' },
  { key: 'general', name: '乘性（Luong general）', formula: 'h²' },
  { key: 'dot', name: '点积', formula: '0' },
];
const ROW_H = 70;
const VALUE_W = 136;     // px after the longest bar for 「2,098,176（≈ 210 万）」
const FOOT = 24;
const SUBSCRIPTS = { 1: '₁', 2: '₂' };
const thousands = format(',');
const blockName = (name) => String(name).replace(/\d/g, (c) => SUBSCRIPTS[c] ?? c);

function readData(result) {
  const data = result?.data ?? {};
  return {
    hidden: Number(data.hidden),
    rows: ROWS.map((row) => {
      const v = data[row.key] ?? {};
      const blocks = Array.from(v.blocks ?? [], (b) => ({ name: blockName(b.name), shape: numbers(b.shape), count: Number(b.count) }));
      return { ...row, total: Number(v.total), zh: String(v.zh ?? ''), blocks };
    }),
  };
}

// 「524,800（≈ 52 万）」; the Chinese reading only when it says something the digits do not.
const valueText = (row) => (row.zh && row.zh !== String(row.total) ? `${thousands(row.total)}（${row.zh}）` : thousands(row.total));
const blocksText = (row) => (row.blocks.length
  ? row.blocks.map((b) => `${b.name} ${b.shape[1] === 1 ? b.shape[0] : b.shape.join('×')}`).join(' + ')
  : '不加任何参数');

export function mount(el, core, initialState, host) {
  // The scale's full length is the additive count at the slider's largest h, asked of the core once.
  const maxHidden = host?.spec?.params?.find((p) => p.name === 'hidden')?.max ?? 1024;
  const scaleMax = Number(core.figure('ledger', { hidden: maxHidden })?.data?.additive?.total) || 1;

  const root = select(el).append('div').attr('class', 'chart ledger');
  const svg = root.append('svg').attr('xmlns', 'http://www.w3.org/2000/svg').attr('role', 'img')
    .attr('aria-label', '三种打分器各加多少参数：加性、乘性、点积');
  const rows = svg.selectAll('g.ledger-row').data(ROWS).join('g')
    .attr('class', (d) => `ledger-row is-${d.key}`).attr('transform', (_, k) => `translate(0,${k * ROW_H})`);
  const title = rows.append('text').attr('class', 'row-title').attr('y', 14);
  title.append('tspan').attr('class', 'row-name').text((d) => d.name);
  title.append('tspan').attr('class', 'row-formula').attr('dx', 8).text((d) => d.formula);
  rows.append('rect').attr('class', 'track').attr('y', 22).attr('height', 20);
  rows.append('rect').attr('class', 'bar').attr('y', 22).attr('height', 20);
  rows.append('text').attr('class', 'value').attr('y', 32).attr('dy', '0.35em').attr('data-key', (d) => d.key);
  rows.append('text').attr('class', 'blocks').attr('y', 60);
  const foot = svg.append('text').attr('class', 'scale-note');
  const x = scaleLinear().domain([0, scaleMax]);
  let width = el.clientWidth;

  function draw(result) {
    const v = readData(result);
    const barMax = Math.max(80, width - VALUE_W);
    x.range([0, barMax]);
    const height = ROWS.length * ROW_H + FOOT;
    attrsChanged(svg, { width, height, viewBox: `0 0 ${width} ${height}` });
    const joined = rows.data(v.rows);
    attrChanged(joined.select('rect.track'), 'width', barMax);
    attrChanged(joined.select('rect.bar'), 'width', (d) => Math.max(d.total > 0 ? 1.5 : 0, x(d.total)));
    const value = joined.select('text.value');
    attrChanged(value, 'x', (d) => x(d.total) + 6);
    textChanged(value, valueText);
    textChanged(joined.select('text.blocks'), (d) => `h = ${v.hidden}：${blocksText(d)}`);
    attrChanged(foot, 'y', ROWS.length * ROW_H + 14);
    textChanged(foot, `同一刻度：满格 = ${thousands(scaleMax)}（h = ${maxHidden} 的加性）`);
    const [additive, general, dot] = v.rows;
    host?.describe(`h = ${v.hidden}：加性 ${valueText(additive)}，乘性 ${valueText(general)}，点积 ${valueText(dot)} 个参数。`);
  }

  return coreDrawnFigure(core, 'ledger', { draw, readWidth: () => { width = el.clientWidth; }, svg: () => svg.node() });
}
