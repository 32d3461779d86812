/** The events of a streamed answer, told apart by `type` (the contract's stream-schemas.ts names each event's data). */
import type { Answer, StreamCreated, StreamProgress } from './wire-types';

/** One event of POST /api/v1/conversations/answer with `Accept: text/event-stream`, in arrival order. */
export type AnswerStreamEvent =
  | { type: 'response.created'; data: StreamCreated }
  | { type: 'response.progress'; data: StreamProgress }
  | { type: 'response.completed'; data: Answer }
  | { type: 'response.failed'; data: Record<string, unknown> };
