// The Review page: the review queue grouped by unknown word, a form that teaches a word (the model
// element picked from GET /api/v1/admin/model-elements), the replay's before and after, and the taught
// words and verified questions with a way to take each back. The admin key stays in memory only.
import { ApiError, adminApi } from './api.js';

const $ = (id) => document.getElementById(id);
const state = { key: '' };

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

async function refresh() {
  const [queue, vocabulary, verified] = await Promise.all([adminApi.review(state.key), adminApi.vocabulary(state.key), adminApi.verified(state.key)]);
  renderTerms(queue.terms);
  renderEntries('vocabulary', vocabulary.items, (e) => `“${e.term}” → ${describeMeans(e.means)}${e.context ? ` for ${JSON.stringify(e.context)}` : ''}`, (id) => adminApi.deleteVocabulary(state.key, id));
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
