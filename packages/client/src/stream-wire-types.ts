/** The events of a streamed answer, as plain types (the contract's stream-schemas.ts, held equal by wire-types.test.ts). */
import type { Answer } from './wire-types';

export interface StreamCreated {
  conversationId: string;
  answerId: string;
}

export interface StreamProgress {
  stage: 'understood' | 'planned' | 'querying' | 'shaping';
  understood?: string | undefined;
  notUnderstood?: string[] | undefined;
}

/** One event of POST /api/v1/conversations/answer with `Accept: text/event-stream`, in arrival order. */
export type AnswerStreamEvent =
  | { type: 'response.created'; data: StreamCreated }
  | { type: 'response.progress'; data: StreamProgress }
  | { type: 'response.completed'; data: Answer }
  | { type: 'response.failed'; data: Record<string, unknown> };
