/**
 * POST /api/v1/conversations/answer with `Accept: text/event-stream`: the same question, answered as a
 * stream of events (without that header the JSON route answers, unchanged):
 *
 *   response.created    {conversationId, answerId}            once the conversation is found or reserved
 *   response.progress   {stage, understood?, notUnderstood?}  understood, planned, querying, shaping
 *   response.completed  the JSON answer's body, exactly
 *   response.failed     a problem+json body
 *
 * A request that fails before the stream opens (validation, context, unknown conversation) gets the usual
 * problem+json response with its status. When the client goes away mid-stream, the signal aborts: the
 * running query is cancelled (the SQLite worker is killed) and nothing is stored, not even the new
 * conversation. Chosen (issue 35, F8): a client gone at any point before the answer is shaped leaves nothing,
 * even if its query completes anyway (a source that cannot cancel); one whose hang-up arrives after the
 * answer was shaped finds it stored whole (answer-stream-hung-up.test.ts).
 */
import { answerBodySchema, toV1Answer } from '@askdata/contract';
import { classify, loggerOf, problemBody, validate } from '@askdata/http-kit';
import { askInConversation, tenantScopeFor, type AskDeps } from '@askdata/service';
import { Router } from 'express';
import type { Logger } from 'winston';
import { bodyContextFor } from '../auth/caller-context';
import { requirePrincipal } from '../middleware/principal';
import { openEventStream, wantsEventStream, type EventStream } from '../streaming/event-stream';

export const STREAM_EVENTS = { created: 'response.created', progress: 'response.progress', completed: 'response.completed', failed: 'response.failed' } as const;

class ClientGone extends Error {
  constructor() {
    super('The client closed the stream.');
    this.name = 'AbortError';
  }
}

export function answerStreamRoutes(deps: AskDeps & { maxQuestionLength: number; heartbeatMs: number; logger: Logger }): Router {
  const router = Router();
  const body = answerBodySchema(deps.maxQuestionLength);
  router.post(
    '/conversations/answer',
    (req, _res, next) => (wantsEventStream(req.get('Accept')) ? next() : next('router')),
    validate({ body }, async ({ body: input }, req, res) => {
      const principal = requirePrincipal(res);
      const scope = tenantScopeFor(deps, bodyContextFor(principal, input.context));
      const cancel = new AbortController();
      // A client that leaves at any point, before the first event too, stops the work: nothing is stored.
      // (It may already be gone while the body was read: then 'close' has fired and will not fire again.)
      const leave = () => {
        if (!res.writableFinished) cancel.abort(new ClientGone());
      };
      if (res.closed) leave();
      else res.once('close', leave);
      let stream: EventStream | undefined;
      try {
        const { conversation, answer, outcome } = await askInConversation(deps, {
          question: input.question,
          scope,
          principal: { apiKeyId: principal.apiKeyId, principal: principal.principal },
          conversation: input.conversationId === undefined ? { kind: 'new' } : { kind: 'existing', id: input.conversationId },
          observer: {
            signal: cancel.signal,
            onCreated(ids) {
              stream = openEventStream(res, { heartbeatMs: deps.heartbeatMs });
              stream.send(STREAM_EVENTS.created, ids);
            },
            onProgress: (progress) => stream?.send(STREAM_EVENTS.progress, progress),
          },
        });
        stream?.send(STREAM_EVENTS.completed, toV1Answer(outcome.answer, { id: answer.id, conversationId: conversation.id }));
      } catch (error) {
        const log = loggerOf(res, deps.logger);
        if (cancel.signal.aborted) {
          log.info('answer stream closed by the client; nothing stored');
          return;
        }
        // Before the stream opened, the error handler answers with the problem's own status.
        if (!stream) throw error;
        const { problem, known } = classify(error);
        if (!known) log.error('streamed answer failed', { error });
        else if (problem.status >= 500) log.warn('streamed answer failed', { problem: problem.slug, status: problem.status, error });
        stream.send(STREAM_EVENTS.failed, problemBody(req, res, problem));
      } finally {
        stream?.end();
      }
    }),
  );
  return router;
}
