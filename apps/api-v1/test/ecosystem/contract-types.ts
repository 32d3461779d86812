/**
 * Compile-time proof that the client's hand-written types are the server's zod types: `tsc` fails when
 * a schema changes and the client does not (or the reverse). Not a test file; it is type-checked with
 * the rest of the tree and imported by client.test.ts so the assertions sit next to the runtime ones.
 */
import type { Answer, Explanation, Feedback, FeedbackInput, FeedbackUpdate } from '@askdata/client';
import type { V1Answer } from '@askdata/core';
import type { z } from 'zod';
import type { Explanation as ServerExplanation } from '../../src/routes/explain-routes';
import type { createFeedbackBodySchema, feedbackSchema, updateFeedbackBodySchema } from '../../src/routes/schemas';

/** True only when A and B are the same type (not merely mutually assignable through `any`). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

export type ContractChecks = [
  Expect<Equal<Answer, V1Answer>>,
  Expect<Equal<Feedback, z.output<typeof feedbackSchema>>>,
  Expect<Equal<FeedbackInput, z.input<typeof createFeedbackBodySchema>>>,
  Expect<Equal<FeedbackUpdate, z.input<typeof updateFeedbackBodySchema>>>,
  Expect<Equal<Explanation, ServerExplanation>>,
];

export const CONTRACT_TYPES_CHECKED = true;
