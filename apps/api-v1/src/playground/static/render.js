// DOM for one answer: its message, a chart.js chart or a table, and the explain panel. Everything is
// built with textContent, never innerHTML, so answer text (which echoes questions and data) cannot inject markup.

/** @param {string} tag @param {Record<string, string>} [attrs] @param {(Node|string)[]} [children] */
export function el(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name === 'class') node.className = value;
    else node.setAttribute(name, value);
  }
  for (const child of children) node.append(child);
  return node;
}

const PALETTE = ['#4c6ef5', '#15aabf', '#40c057', '#fab005', '#fd7e14', '#e64980', '#7950f2', '#82c91e'];

/** @param {{type: 'bar'|'line', data: {label: string, value: number}[]}} chart */
export function renderChart(chart) {
  const canvas = el('canvas', { 'data-points': String(chart.data.length), 'aria-label': `${chart.type} chart` });
  const box = el('div', { class: 'chart-box' }, [canvas]);
  const isBar = chart.type === 'bar';
  // Drawn after the box is in the document, so chart.js can measure it.
  queueMicrotask(() => {
    if (typeof window.Chart !== 'function') {
      box.replaceChildren(el('p', { class: 'muted' }, ['chart.js did not load.']));
      return;
    }
    new window.Chart(canvas, {
      type: chart.type,
      data: {
        labels: chart.data.map((point) => point.label),
        datasets: [{
          data: chart.data.map((point) => point.value),
          backgroundColor: isBar ? chart.data.map((_, index) => PALETTE[index % PALETTE.length]) : 'rgba(76, 110, 245, 0.12)',
          borderColor: '#4c6ef5',
          borderWidth: isBar ? 0 : 2,
          borderRadius: isBar ? 4 : 0,
          fill: !isBar,
          tension: 0.25,
          pointRadius: chart.data.length > 40 ? 0 : 3,
        }],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: { duration: 250 },
        plugins: { legend: { display: false }, tooltip: { callbacks: { label: (item) => Number(item.raw).toLocaleString() } } },
        scales: { y: { beginAtZero: isBar, ticks: { callback: (value) => Number(value).toLocaleString() } }, x: { grid: { display: false } } },
      },
    });
  });
  return box;
}

const NUMERIC = /^-?[\d,.]+%?$|^[$€£]-?[\d,.]+$/;

/** @param {{headers: string[], rows: string[][]}} table */
export function renderTable(table) {
  // A column of figures is right-aligned, header included, so digits line up.
  const numeric = table.headers.map((_, index) => table.rows.length > 0 && table.rows.every((row) => NUMERIC.test(row[index] ?? '')));
  const cellAttrs = (index) => (numeric[index] ? { class: 'num' } : {});
  const head = el('thead', {}, [el('tr', {}, table.headers.map((header, index) => el('th', { scope: 'col', ...cellAttrs(index) }, [header])))]);
  const body = el('tbody', {}, table.rows.map((row) => el('tr', {}, row.map((cell, index) => el('td', cellAttrs(index), [cell])))));
  return el('div', { class: 'table-box' }, [el('table', { 'data-rows': String(table.rows.length) }, [head, body])]);
}

/** @param {{message: string, type: string, chart?: object, table?: object}} answer */
export function renderAnswerBody(answer) {
  const parts = [el('div', { class: 'kind' }, [answer.chart ? `${answer.chart.type} chart` : answer.type]), el('p', { class: 'message' }, [answer.message])];
  if (answer.chart) parts.push(renderChart(answer.chart));
  if (answer.table) parts.push(renderTable(answer.table));
  return parts;
}

/** @param {{engine: string, confidence: number|null, sql: string|null, parameters: unknown[]|null, plan: unknown, timings: Record<string, number>, rowCount?: number}} explanation */
export function renderExplanation(explanation) {
  const timings = Object.entries(explanation.timings).map(([stage, ms]) => `${stage} ${Number(ms).toFixed(1)} ms`).join(' · ');
  const facts = [
    ['engine', explanation.engine],
    ['confidence', explanation.confidence === null ? '—' : String(explanation.confidence)],
    ['rows', explanation.rowCount === undefined ? '—' : String(explanation.rowCount)],
    ['timings', timings || '—'],
  ];
  return el('div', { class: 'explain' }, [
    el('dl', {}, facts.flatMap(([name, value]) => [el('dt', {}, [name]), el('dd', {}, [value])])),
    el('h4', {}, ['SQL']),
    el('pre', { class: 'sql' }, [explanation.sql ?? 'No query ran for this answer.']),
    el('h4', {}, ['Parameters']),
    el('pre', {}, [JSON.stringify(explanation.parameters)]),
    el('h4', {}, ['Plan']),
    el('pre', {}, [JSON.stringify(explanation.plan, null, 2)]),
  ]);
}

/** @param {{title: string, detail: string, issues: {path: string, message: string}[]}} error */
export function renderError(error) {
  return [
    el('div', { class: 'title' }, [error.title]),
    el('p', { class: 'message' }, [error.detail]),
    ...(error.issues.length ? [el('ul', {}, error.issues.map((issue) => el('li', {}, [`${issue.path}: ${issue.message}`])))] : []),
  ];
}
