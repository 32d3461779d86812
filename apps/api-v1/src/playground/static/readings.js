// The Review page's list of business readings (issue 38): every reading introspection made of the data
// source (the words it gave a field or measure, the rule, the evidence, the confidence) with its decision,
// and Accept / Reject buttons. A rejected reading stays listed (so it can be accepted again); the service
// stops applying it from its next start.
import { ApiError, adminApi } from './api.js';

const $ = (id) => document.getElementById(id);

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  for (const child of children) node.append(child);
  return node;
}

function showError(error) {
  const box = $('readings-error');
  box.textContent = error instanceof ApiError ? `${error.title}: ${error.detail}` : String(error);
  box.hidden = false;
}

function decisionButton(key, reading, action, label) {
  const button = el('button', { type: 'button', class: action === 'reject' ? 'chip secondary' : 'chip', 'data-action': action }, label);
  // Already decided that way: nothing to do.
  if (reading.status === (action === 'accept' ? 'accepted' : 'rejected')) button.disabled = true;
  button.addEventListener('click', async () => {
    $('readings-error').hidden = true;
    try {
      await (action === 'accept' ? adminApi.acceptReading(key, reading.id) : adminApi.rejectReading(key, reading.id));
      await loadReadings(key);
    } catch (error) {
      showError(error);
    }
  });
  return button;
}

function renderReading(key, reading) {
  return el(
    'li',
    { 'data-id': reading.id, 'data-status': reading.status },
    el('strong', {}, `${reading.entity}.${reading.field}`),
    ` is named “${reading.words.join('”, “')}” `,
    el('span', { class: 'muted small' }, `${reading.rule}, confidence ${reading.confidence.toFixed(2)}: ${reading.evidence} `),
    el('span', { class: 'status small' }, `[${reading.status}] `),
    decisionButton(key, reading, 'accept', 'Accept'),
    ' ',
    decisionButton(key, reading, 'reject', 'Reject'),
  );
}

export async function loadReadings(key) {
  const { items } = await adminApi.readings(key);
  const list = $('readings');
  list.replaceChildren(...items.map((reading) => renderReading(key, reading)));
  if (items.length === 0) list.append(el('li', { class: 'muted' }, 'None: the model comes from a file, or introspection read nothing into the schema.'));
}
