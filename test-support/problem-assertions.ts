/** Checks that a response is an RFC 9457 problem of the expected status and type, as both apps send them. */
import type { Response } from 'supertest';

export function expectProblem(res: Response, status: number, slug: string): void {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.body).toMatchObject({
    type: `tag:askdata.dev,2025:problem:${slug}`,
    status,
    title: expect.any(String),
    detail: expect.any(String),
    instance: expect.any(String),
    requestId: res.headers['x-request-id'],
  });
}

export function issuePaths(res: Response): string[] {
  const issues = (res.body as { issues?: { path: string }[] }).issues ?? [];
  return issues.map((issue) => issue.path).sort();
}
