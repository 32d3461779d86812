import express from 'express';
import request from 'supertest';
import { createLogger, createMemoryTransport } from './index';
import { errorHandler } from './error-handler';
import { requestId } from './request-id';

/** A store outage must reach the client as a retryable 503 problem, and the log as a warning, not an error. */
describe('store outage -> 503', () => {
  it('answers 503 store-unavailable with Retry-After for an error carrying code STORE_UNAVAILABLE', async () => {
    const { transport, lines } = createMemoryTransport();
    const logger = createLogger({ level: 'debug', service: 'test', secrets: [], transports: [transport] });
    const app = express();
    app.use(requestId({ logger }));
    app.get('/x', () => {
      throw Object.assign(new Error('Can\'t reach database server at 10.0.0.5:5432'), { code: 'STORE_UNAVAILABLE' });
    });
    app.use(errorHandler({ logger }));
    const res = await request(app).get('/x');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toMatchObject({ type: 'tag:askdata.dev,2025:problem:store-unavailable', status: 503 });
    expect(JSON.stringify(res.body)).not.toContain('10.0.0.5');
    expect(lines.some((line) => line.includes('"level":"warn"'))).toBe(true);
    expect(lines.some((line) => line.includes('"level":"error"'))).toBe(false);
  });
});
