/**
 * The events of a streamed answer (POST /api/v1/conversations/answer with `Accept: text/event-stream`).
 * The SSE `event:` line names each one; its `data:` line is one JSON value:
 *   response.created    StreamCreated
 *   response.progress   StreamProgress, once per stage: understood, planned, querying, shaping
 *   response.completed  the Answer, exactly the JSON route's body
 *   response.failed     a Problem (application/problem+json body)
 */
import { z } from 'zod';

export const STREAM_STAGES = ['understood', 'planned', 'querying', 'shaping'] as const;

export const streamCreatedSchema = z
  .object({
    conversationId: z.string().meta({ description: 'The conversation the answer belongs to (new or continued).' }),
    answerId: z.string().meta({ description: 'The id the answer will have; nothing is stored under it if the stream fails or the client leaves.' }),
  })
  .strict()
  .meta({ description: 'response.created: the first event.' });

export const streamProgressSchema = z
  .object({
    stage: z.enum(STREAM_STAGES).meta({ description: 'understood (the question was read), planned (checked, scoped, compiled), querying, shaping.' }),
    understood: z.string().optional().meta({ description: 'With understood: what the question was read as, e.g. "revenue by category last month"; absent when no plan was read.' }),
    notUnderstood: z.array(z.string()).optional().meta({ description: 'With understood: the words that were not understood.' }),
  })
  .strict()
  .meta({ description: 'response.progress: a stage has started. A decline or clarification stops after understood.' });

export type StreamCreated = z.output<typeof streamCreatedSchema>;
export type StreamProgress = z.output<typeof streamProgressSchema>;
