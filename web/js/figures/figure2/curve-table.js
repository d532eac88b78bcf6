// The numbers of the BLEU chart as a table for screen readers (visually hidden, like the
// heatmaps' tables): one row per source-length bucket, one column per drawn line.
import { select } from 'd3-selection';
import { element } from '../../lib/dom.js';
import { attrChanged, textChanged } from '../../lib/write-changed.js';
import { MODEL_NAMES, bleuText, bucketLabel } from './report.js';

export function curveTable(container) {
  const hidden = container.appendChild(element('div', { class: 'visually-hidden figure2-tables' }));
  const table = select(hidden).append('table');
  table.append('caption').text('各源句长度区间在测试集上的 BLEU（× 100）');
  const head = table.append('thead').append('tr');
  const body = table.append('tbody');

  function draw(series) {
    const drawn = series.filter((s) => s.buckets.length);
    const buckets = drawn[0]?.buckets ?? [];
    const columns = ['源句长度（词）', '测试句数', ...drawn.map((s) => `${MODEL_NAMES[s.model]}（${s.origin === 'build' ? '构建时' : `浏览器，第 ${s.step} 步`}）`)];
    textChanged(attrChanged(head.selectAll('th').data(columns).join('th'), 'scope', 'col'), (t) => t);
    const rows = body.selectAll('tr').data(buckets).join((enter) => {
      const tr = enter.append('tr');
      tr.append('th').attr('scope', 'row');
      return tr;
    });
    textChanged(rows.select('th'), (b) => bucketLabel(b));
    textChanged(rows.selectAll('td').data((b, k) => [String(b.count), ...drawn.map((s) => bleuText(s.buckets[k]?.bleu))]).join('td'), (t) => t);
  }

  return { draw };
}
