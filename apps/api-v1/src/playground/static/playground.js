// The playground page: settings (key, context), the conversation thread, and per-answer feedback and
// "show plan & SQL". The key is kept in memory, and in sessionStorage only when the user ticks the box
// (gone when the tab closes); it is never written to localStorage, cookies or URLs. The current
// conversation's id (no secret) is kept in sessionStorage too, so a reload shows the same thread, read
// back from GET /api/v1/conversations/{id}.
import { api, ApiError } from './api.js';
import { el, renderAnswerBody, renderError, renderExplanation } from './render.js';

const KEY_STORAGE = 'askdata.playground.key';
const CONVERSATION_STORAGE = 'askdata.playground.conversation';
const $ = (id) => document.getElementById(id);

const state = { key: '', conversationId: null };

function setupKey() {
  const input = $('api-key');
  const remember = $('remember-key');
  const saved = sessionStorage.getItem(KEY_STORAGE);
  if (saved) {
    input.value = saved;
    remember.checked = true;
  }
  state.key = input.value;
  const sync = () => {
    state.key = input.value.trim();
    if (remember.checked && state.key) sessionStorage.setItem(KEY_STORAGE, state.key);
    else sessionStorage.removeItem(KEY_STORAGE);
  };
  input.addEventListener('input', sync);
  remember.addEventListener('change', sync);
}

/** The context textarea as an object, or null (with the reason shown) when it is not a JSON object. */
function readContext() {
  const error = $('context-error');
  try {
    const value = JSON.parse($('context').value);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('Context must be a JSON object, e.g. {"orgId": 1}.');
    error.hidden = true;
    return value;
  } catch (problem) {
    error.textContent = problem instanceof SyntaxError ? `Context is not valid JSON: ${problem.message}` : problem.message;
    error.hidden = false;
    return null;
  }
}

function setConversation(id) {
  state.conversationId = id;
  $('conversation-id').textContent = id ?? 'new';
  if (id) sessionStorage.setItem(CONVERSATION_STORAGE, id);
  else sessionStorage.removeItem(CONVERSATION_STORAGE);
}

function append(node) {
  $('empty-state')?.remove();
  const thread = $('thread');
  thread.append(node);
  node.scrollIntoView({ behavior: 'smooth', block: 'end' });
  return node;
}

const errorParts = (error) => renderError(error instanceof ApiError ? error : { title: 'Request failed', detail: String(error?.message ?? error), issues: [] });

/** Thumbs up/down with an optional comment: the first send creates the feedback, later sends update it. */
function feedbackControls(answerId) {
  const feedback = { id: null, rating: null };
  const up = el('button', { type: 'button', class: 'up', 'data-rating': 'positive', title: 'Good answer' }, ['✓ Helpful']);
  const down = el('button', { type: 'button', class: 'down', 'data-rating': 'negative', title: 'Bad answer' }, ['✕ Not helpful']);
  const comment = el('input', { type: 'text', class: 'feedback-comment', placeholder: 'Add a comment (optional)', maxlength: '2000' });
  const send = el('button', { type: 'button', class: 'send-feedback' }, ['Send feedback']);
  const form = el('div', { class: 'feedback-form' }, [comment, send]);
  const status = el('span', { class: 'status' });
  form.hidden = true;

  const choose = (rating) => {
    feedback.rating = rating;
    up.classList.toggle('selected', rating === 'positive');
    down.classList.toggle('selected', rating === 'negative');
    form.hidden = false;
    comment.focus();
  };
  up.addEventListener('click', () => choose('positive'));
  down.addEventListener('click', () => choose('negative'));
  send.addEventListener('click', async () => {
    const body = { rating: feedback.rating, ...(comment.value.trim() ? { comment: comment.value.trim() } : {}) };
    send.disabled = true;
    try {
      const saved = feedback.id ? await api.updateFeedback(state.key, answerId, feedback.id, body) : await api.createFeedback(state.key, answerId, body);
      feedback.id = saved.id;
      status.dataset.feedbackId = saved.id;
      status.className = 'status saved';
      status.textContent = 'Feedback saved — thank you.';
    } catch (error) {
      status.className = 'status';
      status.textContent = `Could not save: ${error instanceof ApiError ? error.detail : error}`;
    } finally {
      send.disabled = false;
    }
  });
  return { buttons: [up, down], form, status };
}

function explainControl(answerId, card) {
  const button = el('button', { type: 'button', class: 'show-plan' }, ['Show plan & SQL']);
  let panel = null;
  button.addEventListener('click', async () => {
    if (panel) {
      panel.hidden = !panel.hidden;
      button.textContent = panel.hidden ? 'Show plan & SQL' : 'Hide plan & SQL';
      return;
    }
    button.disabled = true;
    try {
      panel = renderExplanation(await api.explain(state.key, answerId));
    } catch (error) {
      panel = el('div', { class: 'explain' }, errorParts(error));
    }
    card.append(panel);
    button.disabled = false;
    button.textContent = 'Hide plan & SQL';
  });
  return button;
}

function renderAnswer(card, answer) {
  card.className = 'answer';
  card.dataset.answerId = answer.id;
  card.dataset.answerType = answer.type;
  const feedback = feedbackControls(answer.id);
  card.replaceChildren(
    ...renderAnswerBody(answer),
    el('div', { class: 'actions' }, [...feedback.buttons, explainControl(answer.id, card), feedback.status]),
    feedback.form,
  );
}

const STAGE_TEXT = { understood: 'Understood', planned: 'Planned the query', querying: 'Querying your data…', shaping: 'Shaping the answer…' };

/** One line of progress: the stage, and for "understood" what the question was read as. */
function progressText(progress) {
  return progress.stage === 'understood' && progress.understood ? `Understood: ${progress.understood}…` : STAGE_TEXT[progress.stage] ?? 'Thinking…';
}

/** Sends `question` in the current conversation; false when it could not be sent (no key, bad context). */
async function ask(question) {
  const context = readContext();
  if (!context || !question) return false;
  if (!state.key) {
    $('api-key').focus();
    $('api-key').placeholder = 'enter an API key first';
    return false;
  }
  append(el('li', { class: 'question' }, [question]));
  const card = append(el('li', { class: 'answer pending' }, ['Thinking…']));
  const button = $('ask-button');
  button.disabled = true;
  try {
    const answer = await api.answer(state.key, { question, context, ...(state.conversationId ? { conversationId: state.conversationId } : {}) }, (event) => {
      // The stream says what it is doing while the query runs, instead of a bare "Thinking…".
      if (event.type === 'response.progress') card.textContent = progressText(event.data);
    });
    setConversation(answer.conversationId);
    renderAnswer(card, answer);
  } catch (error) {
    card.className = 'answer error';
    card.replaceChildren(...errorParts(error));
  } finally {
    button.disabled = false;
    card.scrollIntoView({ behavior: 'smooth', block: 'end' });
  }
  return true;
}

/** Shows a stored conversation as the thread: each question and its answer, as when they were asked. */
async function openConversation(id) {
  const context = readContext();
  if (!context || !state.key) return;
  try {
    const conversation = await api.conversation(state.key, context, id);
    $('thread').replaceChildren();
    for (const turn of conversation.answers) {
      append(el('li', { class: 'question' }, [turn.question]));
      renderAnswer(append(el('li', { class: 'answer' })), turn.answer);
    }
    setConversation(conversation.id);
  } catch (error) {
    // A conversation of another key or tenant is simply not there: start afresh rather than show an error.
    if (error instanceof ApiError && error.status === 404) setConversation(null);
    else append(el('li', { class: 'answer error' }, errorParts(error)));
  }
}

/** The caller's past conversations (newest first), each opening its thread. */
async function showHistory() {
  const context = readContext();
  const list = $('history');
  if (!context || !state.key) return;
  try {
    const page = await api.conversations(state.key, context, { limit: 20 });
    list.replaceChildren(
      ...(page.items.length === 0
        ? [el('li', { class: 'muted small' }, ['No conversations yet.'])]
        : page.items.map((item) => {
            const open = el('button', { type: 'button', class: 'link history-item', 'data-conversation-id': item.id }, [item.firstQuestion ?? '(no answer yet)']);
            open.addEventListener('click', () => void openConversation(item.id));
            return el('li', {}, [open]);
          })),
    );
  } catch (error) {
    list.replaceChildren(el('li', { class: 'field-error' }, [error instanceof ApiError ? error.title : String(error)]));
  }
}

function setup() {
  setupKey();
  const saved = sessionStorage.getItem(CONVERSATION_STORAGE);
  if (saved && state.key) void openConversation(saved);
  $('load-history').addEventListener('click', () => void showHistory());
  $('ask-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const input = $('question');
    const question = input.value.trim();
    // Cleared as soon as it is sent; kept when it could not be (so nothing typed is lost).
    void ask(question).then((sent) => {
      if (sent && input.value.trim() === question) input.value = '';
    });
  });
  $('new-conversation').addEventListener('click', () => {
    setConversation(null);
    $('history').replaceChildren();
    $('thread').replaceChildren(el('li', { class: 'empty', id: 'empty-state' }, ['New conversation. Ask away.']));
  });
  for (const chip of $('examples').querySelectorAll('.chip')) {
    chip.addEventListener('click', () => void ask(chip.textContent.trim()));
  }
  $('context').addEventListener('blur', readContext);
}

setup();
