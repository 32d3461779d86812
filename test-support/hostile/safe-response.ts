/**
 * What "handled safely" means for any hostile request: a 4xx problem+json or a 200 answer; never a 5xx,
 * never a stack trace, file path or SQL in the body. Returns a one-line outcome for the docs table.
 */
import type { Response } from 'supertest';

/** Signs of internals in any body (an answer may quote the question, so SQL words are only checked in problems). */
const INTERNALS = /\n\s+at |node_modules|\/work\/|\.ts:\d+|SQLITE_|Prisma|PrismaClient/;
const PROBLEM_INTERNALS = /select .* from|syntax error|driver/i;

export function expectSafe(res: Response): string {
  expect(res.status).toBeLessThan(500);
  const text = JSON.stringify(res.body ?? {}) + (res.text ?? '');
  expect(text).not.toMatch(INTERNALS);
  if (res.status >= 400) expect(text).not.toMatch(PROBLEM_INTERNALS);
  if (res.status >= 400) {
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const slug = String((res.body as { type?: string }).type ?? '').split(':').pop();
    return `${res.status} ${slug}`;
  }
  expect(res.status).toBe(200);
  return `200 ${(res.body as { type?: string }).type ?? '?'} answer`;
}
