/**
 * The request body of POST /ask (interface.md 4.4): {question, conversationId, requestContext}.
 *
 * requestContext is declared as a string holding a JSON object, but the samples send the object itself;
 * both are accepted and end up as the same plain object. Anything else (an array, a number, null, a
 * string that is not JSON or holds no object) is a 400 whose detail names the two accepted forms.
 *
 * A "__proto__" key in the context is refused (context-key.ts).
 *
 * Unknown top-level fields are ignored rather than rejected: legacy integrators are not ours to change,
 * and an extra field cannot widen what is queried (only requestContext reaches scoping).
 */
import { exceedsJsonDepth, MAX_JSON_DEPTH } from '../json-depth';
import { inexactNumberMessage, inexactWholeNumber } from '../json-whole-numbers';
import { z } from 'zod';
import { hasProtoKey, PROTO_KEY, PROTO_KEY_MESSAGE } from '../context-key';

/** Caller-chosen, so bounded to what is safe to store, index and log: no spaces, quotes or control characters. */
export const CONVERSATION_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export const REQUEST_CONTEXT_FORMS =
  'requestContext must be a JSON object such as {"userId": "u-1", "orgId": 1}, or a string holding that JSON object (e.g. "{\\"userId\\":\\"u-1\\",\\"orgId\\":1}").';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const requestContextSchema = z.unknown().transform((value, ctx) => {
  if (value === undefined) {
    ctx.addIssue({ code: 'custom', message: 'is required' });
    return z.NEVER;
  }
  // A string is JSON parsed here, so it gets the same nesting limit as the body, before parsing.
  if (typeof value === 'string' && exceedsJsonDepth(value, MAX_JSON_DEPTH)) {
    ctx.addIssue({ code: 'custom', message: `must not nest objects and arrays more than ${MAX_JSON_DEPTH} levels deep` });
    return z.NEVER;
  }
  // The body's numbers were checked before parsing (http-kit json-body); a string's are checked here.
  const inexact = typeof value === 'string' ? inexactWholeNumber(value) : undefined;
  if (inexact !== undefined) {
    ctx.addIssue({ code: 'custom', message: inexactNumberMessage(inexact) });
    return z.NEVER;
  }
  const candidate = typeof value === 'string' ? parseJson(value) : value;
  if (!isPlainObject(candidate)) {
    const what = typeof value === 'string' ? 'a string that does not hold a JSON object' : Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;
    ctx.addIssue({ code: 'custom', message: `must be an object {userId, orgId} or a string holding that JSON object; got ${what}` });
    return z.NEVER;
  }
  if (hasProtoKey(candidate)) {
    ctx.addIssue({ code: 'custom', path: [PROTO_KEY], message: PROTO_KEY_MESSAGE });
    return z.NEVER;
  }
  return candidate;
});

export function askBodySchema(maxQuestionLength: number) {
  return z.object(
    {
      question: z
        .string({ message: 'is required and must be a string' })
        .trim()
        .min(1, { message: 'must not be empty' })
        .max(maxQuestionLength, { message: `must be at most ${maxQuestionLength} characters` }),
      conversationId: z
        .string({ message: 'is required and must be a string' })
        .regex(CONVERSATION_ID, { message: 'must be 1-128 characters: letters, digits and ._:-' }),
      requestContext: requestContextSchema,
    },
    { error: (issue) => (issue.code === 'invalid_type' ? 'the body must be a JSON object' : undefined) },
  );
}

export type AskBody = z.output<ReturnType<typeof askBodySchema>>;
