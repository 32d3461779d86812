// The Review page: the review queue grouped by unknown word, a form that teaches a word (the model
// element picked from GET /api/v1/admin/model-elements), the replay's before and after, the queued
// questions with a SQL box (see the answer a query gives for that question's tenant, then save it as a
// verified question), the taught words and verified questions with a way to take each back, and the
// business readings introspection made, to accept or reject (readings.js). The admin key stays in memory only.
import { ApiError, adminApi } from './api.js';
import { loadReadings } from './readings.js';
import { renderAnswerBody } from './render.js';

const $ = (id) => document.getElementById(id);
/** `queued`: the queued question the SQL box is for. */
const state = { key: '', queued: null };

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  for (const child of children) node.append(child);
  return node;
}

function showError(target, error) {
  const box = $(target);
  box.textContent = error instanceof ApiError ? `${error.title}: ${error.detail}` : String(error);
  box.hidden = false;
}

function describeMeans(means) {
  return typeof means === 'string' ? means : `${means.field} = ${means.value}`;
}

function renderTerms(terms) {
  const list = $('terms');
  list.replaceChildren(...terms.map((term) => {
    const teach = el('button', { type: 'button', class: 'chip', 'data-term': term.term }, `Teach “${term.term}”`);
    teach.addEventListener('click', () => {
      $('term').value = term.term;
      $('means').focus();
    });
    return el('li', { class: 'term', 'data-term': term.term }, el('strong', {}, term.term), ` ×${term.count} `, teach, el('ul', {}, ...term.examples.map((q) => el('li', { class: 'muted small' }, q))));
  }));
  if (terms.length === 0) list.append(el('li', { class: 'muted' }, 'Nothing in the queue.'));
}

function renderEntries(target, items, describe, remove) {
  const list = $(target);
  list.replaceChildren(...items.map((item) => {
    const button = el('button', { type: 'button', class: 'chip' }, 'Remove');
    button.addEventListener('click', async () => {
      await remove(item.id);
      await refresh();
    });
    return el('li', { 'data-id': item.id }, describe(item), ' ', button);
  }));
  if (items.length === 0) list.append(el('li', { class: 'muted' }, 'None yet.'));
}

function renderReplay(replay) {
  const table = $('replay');
  table.tBodies[0].replaceChildren(...replay.items.map((item) => el('tr', { 'data-status': item.after.status }, el('td', {}, item.question), el('td', {}, item.before.message), el('td', {}, `${item.after.status}: ${item.after.message}`))));
  table.hidden = replay.items.length === 0;
  $('replay-summary').textContent = `${replay.items.length} question(s) replayed, ${replay.nowAnswered} now answered${replay.more > 0 ? `, ${replay.more} more in the queue` : ''}.`;
}

async function loadPicker() {
  const { items } = await adminApi.modelElements(state.key);
  $('means').replaceChildren(...items.map((item) => el('option', { value: item.means, 'data-text': String(item.holdsText) }, `${item.means} (${item.kind}: ${item.label})`)));
}

function describeContext(context) {
  return Object.keys(context).length === 0 ? '' : `for ${JSON.stringify(context)}`;
}

function openSqlBox(item) {
  state.queued = item;
  $('sql-question').textContent = item.question;
  $('sql-context').textContent = describeContext(item.context);
  $('sql-answer').replaceChildren();
  $('sql-error').hidden = true;
  $('sql-saved').hidden = true;
  $('sql-panel').hidden = false;
  $('sql').focus();
}

function renderQueue(items) {
  const list = $('queue');
  // One entry per question and tenant: negative feedback and a decline of the same question are one job.
  const seen = new Set();
  const unique = items.filter((item) => {
    const key = `${item.question}\n${JSON.stringify(item.context)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  list.replaceChildren(...unique.map((item) => {
    const button = el('button', { type: 'button', class: 'chip write-sql' }, 'Write SQL');
    button.addEventListener('click', () => openSqlBox(item));
    return el('li', { 'data-answer-id': item.answerId }, `“${item.question}” `, el('span', { class: 'muted small' }, `${item.reason} ${describeContext(item.context)}`), ' ', button);
  }));
  if (unique.length === 0) list.append(el('li', { class: 'muted' }, 'Nothing in the queue.'));
}

function sqlInput() {
  return { question: state.queued.question, sql: $('sql').value.trim(), context: state.queued.context };
}

async function trySql() {
  $('sql-error').hidden = true;
  $('sql-saved').hidden = true;
  try {
    const preview = await adminApi.previewVerified(state.key, sqlInput());
    $('sql-answer').replaceChildren(...renderAnswerBody(preview.answer));
  } catch (error) {
    $('sql-answer').replaceChildren();
    showError('sql-error', error);
  }
}

async function saveSql(event) {
  event.preventDefault();
  $('sql-error').hidden = true;
  try {
    const created = await adminApi.verify(state.key, sqlInput());
    $('sql-saved').textContent = `Saved as verified question ${created.id}.`;
    $('sql-saved').hidden = false;
    await refresh();
  } catch (error) {
    showError('sql-error', error);
  }
}

async function refresh() {
  const [queue, vocabulary, verified] = await Promise.all([adminApi.review(state.key), adminApi.vocabulary(state.key), adminApi.verified(state.key)]);
  renderTerms(queue.terms);
  renderQueue(queue.items);
  renderEntries('vocabulary', vocabulary.items, (e) => `“${e.term}” → ${describeMeans(e.means)}${e.context ? ` for ${JSON.stringify(e.context)}` : ''}`, (id) => adminApi.deleteVocabulary(state.key, id));
  await loadReadings(state.key);
  renderEntries('verified', verified.items, (v) => `“${v.question}”${v.global ? ' (global)' : v.context ? ` for ${JSON.stringify(v.context)}` : ''}`, (id) => adminApi.deleteVerified(state.key, id));
}

async function load() {
  $('load-error').hidden = true;
  state.key = $('admin-key').value.trim();
  try {
    await loadPicker();
    await refresh();
  } catch (error) {
    showError('load-error', error);
  }
}

async function teach(event) {
  event.preventDefault();
  $('teach-error').hidden = true;
  const value = $('value').value.trim();
  const contextText = $('teach-context').value.trim();
  try {
    const context = contextText === '' ? undefined : JSON.parse(contextText);
    const means = value === '' ? $('means').value : { field: $('means').value, value };
    const created = await adminApi.teach(state.key, { term: $('term').value.trim(), means, ...(context ? { context } : {}) });
    renderReplay(created.replay);
    await refresh();
  } catch (error) {
    showError('teach-error', error);
  }
}

$('load').addEventListener('click', load);
$('teach-form').addEventListener('submit', teach);
$('sql-try').addEventListener('click', trySql);
$('sql-form').addEventListener('submit', saveSql);
