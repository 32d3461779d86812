/**
 * Hostile request bodies at the byte level, shared by both apps' suites (issue 12, items 5 and 6): nesting
 * deeper than MAX_JSON_DEPTH is a 400 before any object is built; a body whose Content-Encoding lies is a
 * 400; a correctly compressed body is answered, with the size limit applied after decompression; any other
 * encoding is a 415. `post(bytes, headers)` sends the raw bytes to the app's question endpoint; `body(ctx)`
 * builds that app's body around a context object given as raw JSON text.
 */
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import type { Response } from 'supertest';
import { expectSafe } from './safe-response';

export interface BodyTarget {
  post(bytes: Buffer, headers: Record<string, string>): Promise<Response>;
  body(contextJson: string): string;
  /** Answers stored so far, to show a refused body stored nothing. */
  storedAnswers(): Promise<number>;
}

const JSON_TYPE = { 'Content-Type': 'application/json' };
const nested = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const slugOf = (res: Response): string => expectSafe(res);

export function describeBodySuite(target: () => BodyTarget): void {
  const ok = (): string => target().body('{"orgId":1}');

  describe('JSON nesting', () => {
    it('refuses the 4.8 KB context nested 2,200 deep with a 400 before answering, and stores nothing', async () => {
      const before = await target().storedAnswers();
      const bytes = Buffer.from(target().body(`{"orgId":1,"deep":${nested(2200)}}`));
      const res = await target().post(bytes, JSON_TYPE);
      expect(slugOf(res)).toBe('400 nesting-too-deep');
      expect(res.body.maxDepth).toBe(32);
      expect(await target().storedAnswers()).toBe(before);
    });

    it('accepts a body nested exactly 32 deep and refuses 33', async () => {
      // body (1) > context (2) > 30 arrays = 32.
      expect((await target().post(Buffer.from(target().body(`{"orgId":1,"deep":${nested(30)}}`)), JSON_TYPE)).status).toBe(200);
      expect(slugOf(await target().post(Buffer.from(target().body(`{"orgId":1,"deep":${nested(31)}}`)), JSON_TYPE))).toBe('400 nesting-too-deep');
    });

    it('does not count brackets inside strings', async () => {
      const res = await target().post(Buffer.from(target().body(`{"orgId":1,"note":${JSON.stringify('['.repeat(5000))}}`)), JSON_TYPE);
      expect(res.status).toBe(200);
    });

    it('answers twenty deep bodies at once with 400s and keeps /healthz answering', async () => {
      const bytes = Buffer.from(target().body(`{"orgId":1,"deep":${nested(2200)}}`));
      const results = await Promise.all(Array.from({ length: 20 }, () => target().post(bytes, JSON_TYPE)));
      expect(results.map((res) => res.status)).toEqual(Array.from({ length: 20 }, () => 400));
    });
  });

  describe('Content-Encoding', () => {
    it.each(['gzip', 'deflate', 'br'])('a body marked %s that is not compressed is a 400 problem, not a 500', async (encoding) => {
      const res = await target().post(Buffer.from(ok()), { ...JSON_TYPE, 'Content-Encoding': encoding });
      expect(slugOf(res)).toBe('400 malformed-encoding');
    });

    it('a truncated gzip body is a 400 problem', async () => {
      const res = await target().post(gzipSync(Buffer.from(ok())).subarray(0, 15), { ...JSON_TYPE, 'Content-Encoding': 'gzip' });
      expect(slugOf(res)).toBe('400 malformed-encoding');
    });

    it.each([
      ['gzip', gzipSync],
      ['deflate', deflateSync],
      ['br', brotliCompressSync],
    ] as const)('a correctly %s-compressed body is answered', async (encoding, compress) => {
      const res = await target().post(compress(Buffer.from(ok())), { ...JSON_TYPE, 'Content-Encoding': encoding });
      expect(res.status).toBe(200);
      expect(res.body.type).toBe('text');
    });

    it('applies the size limit after decompression: a 1 MB body gzipped to about 1 KB is a 413', async () => {
      const big = Buffer.from(target().body(`{"orgId":1,"pad":${JSON.stringify('x'.repeat(1024 * 1024))}}`));
      const bomb = gzipSync(big);
      expect(bomb.length).toBeLessThan(2048);
      expect(slugOf(await target().post(bomb, { ...JSON_TYPE, 'Content-Encoding': 'gzip' }))).toBe('413 payload-too-large');
    });

    it.each(['compress', 'x-custom', 'gzip, gzip'])('any other encoding (%s) is a 415', async (encoding) => {
      expect(slugOf(await target().post(Buffer.from(ok()), { ...JSON_TYPE, 'Content-Encoding': encoding }))).toBe('415 unsupported-media-type');
    });
  });
}
