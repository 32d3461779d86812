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

/** An axis title for chart.js, or none. */
const axisTitle = (text) => (text ? { display: true, text, font: { weight: '600' } } : { display: false });

/**
 * One chart.js chart with its title and axis titles (the answer names them: "Revenue (USD)" carries the
 * currency). `series` is one or more {label, values}; two series with different units get two y axes.
 * @param {{type: 'bar'|'line', title?: string, xLabel?: string, yLabel?: string, labels: string[], series: {label: string, values: number[]}[]}} spec
 */
function drawChart(spec) {
  const canvas = el('canvas', { 'data-points': String(spec.labels.length), 'data-series': String(spec.series.length), 'aria-label': spec.title ?? `${spec.type} chart` });
  const caption = spec.title ? [el('figcaption', { class: 'chart-title' }, [spec.title])] : [];
  const box = el('figure', { class: 'chart-box' }, [...caption, el('div', { class: 'chart-canvas' }, [canvas])]);
  const isBar = spec.type === 'bar';
  const several = spec.series.length > 1;
  // Drawn after the box is in the document, so chart.js can measure it.
  queueMicrotask(() => {
    if (typeof window.Chart !== 'function') {
      box.replaceChildren(el('p', { class: 'muted' }, ['chart.js did not load.']));
      return;
    }
    const datasets = spec.series.map((series, index) => ({
      label: series.label,
      data: series.values,
      yAxisID: several && index > 0 ? 'y1' : 'y',
      backgroundColor: isBar && !several ? series.values.map((_, i) => PALETTE[i % PALETTE.length]) : several ? PALETTE[index % PALETTE.length] : 'rgba(76, 110, 245, 0.12)',
      borderColor: PALETTE[index % PALETTE.length],
      borderWidth: isBar ? 0 : 2,
      borderRadius: isBar ? 4 : 0,
      fill: !isBar && !several,
      tension: 0.25,
      pointRadius: spec.labels.length > 40 ? 0 : 3,
    }));
    const ticks = { callback: (value) => Number(value).toLocaleString() };
    const scales = {
      x: { grid: { display: false }, title: axisTitle(spec.xLabel) },
      y: { beginAtZero: isBar, ticks, title: axisTitle(several ? spec.series[0].label : spec.yLabel) },
    };
    if (several) scales.y1 = { position: 'right', beginAtZero: isBar, ticks, grid: { drawOnChartArea: false }, title: axisTitle(spec.series[1].label) };
    new window.Chart(canvas, {
      type: spec.type,
      data: { labels: spec.labels, datasets },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: { duration: 250 },
        plugins: {
          legend: { display: several },
          title: spec.title ? { display: false, text: spec.title } : { display: false },
          tooltip: { callbacks: { label: (item) => `${several ? `${item.dataset.label}: ` : ''}${Number(item.raw).toLocaleString()}` } },
        },
        scales,
      },
    });
  });
  return box;
}

/** @param {{type: 'bar'|'line', title?: string, xLabel?: string, yLabel?: string, data: {label: string, value: number}[]}} chart */
export function renderChart(chart) {
  return drawChart({ type: chart.type, title: chart.title, xLabel: chart.xLabel, yLabel: chart.yLabel, labels: chart.data.map((p) => p.label), series: [{ label: chart.yLabel ?? '', values: chart.data.map((p) => p.value) }] });
}

/** "$1,234.50" -> 1234.5, "12.5%" -> 12.5; anything else is not a figure. */
function figureOf(cell) {
  const text = String(cell).replace(/[$€£,%\s]/g, '');
  return text === '' || Number.isNaN(Number(text)) ? null : Number(text);
}

/**
 * A table of one label column and two or more figure columns ("revenue and orders by month") can also be
 * drawn: the v1 chart holds one series, so the playground draws the table's figure columns as two series.
 * @param {{headers: string[], rows: string[][]}} table
 */
export function seriesOfTable(table) {
  if (table.headers.length < 3 || table.rows.length < 2) return undefined;
  const figures = table.headers.map((_, index) => index > 0 && table.rows.every((row) => figureOf(row[index]) !== null));
  if (figures[0] || figures.filter(Boolean).length < 2 || !figures.slice(1).every(Boolean)) return undefined;
  const columns = table.headers.map((header, index) => ({ header, index })).filter(({ index }) => figures[index]).slice(0, 2);
  return { labels: table.rows.map((row) => row[0]), xLabel: table.headers[0], series: columns.map(({ header, index }) => ({ label: header, values: table.rows.map((row) => figureOf(row[index])) })) };
}

/** The "draw it" control under a two-series table. */
function twoSeriesToggle(table) {
  const series = seriesOfTable(table);
  if (series === undefined) return [];
  const slot = el('div', { class: 'two-series' });
  const button = el('button', { type: 'button', class: 'secondary draw-series' }, [`Draw ${series.series.map((s) => s.label).join(' and ')}`]);
  button.addEventListener('click', () => {
    const title = `${series.series.map((s) => s.label).join(' and ')} by ${series.xLabel.toLowerCase()}`;
    slot.replaceChildren(drawChart({ type: 'line', title, xLabel: series.xLabel, labels: series.labels, series: series.series }));
  });
  return [button, slot];
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
  if (answer.table) parts.push(renderTable(answer.table), ...twoSeriesToggle(answer.table));
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
