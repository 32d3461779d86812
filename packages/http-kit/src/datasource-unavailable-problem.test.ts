import express from 'express';
import request from 'supertest';
import { CoreError } from '@askdata/core';
import { createLogger, createMemoryTransport } from './index';
import { errorHandler } from './error-handler';
import { requestId } from './request-id';

/** A data source (or one of its shards) that is down: a 503 naming it, and nothing else the driver said. */
async function problemFor(error: CoreError): Promise<request.Response> {
  const { transport } = createMemoryTransport();
  const logger = createLogger({ level: 'debug', service: 'test', secrets: [], transports: [transport] });
  const app = express();
  app.use(requestId({ logger }));
  app.get('/x', () => {
    throw error;
  });
  app.use(errorHandler({ logger }));
  return request(app).get('/x');
}

describe('data source outage -> 503 naming the data source', () => {
  it('names the database and the shard, and leaves out the driver message, hosts and unknown details', async () => {
    const message = 'PostgreSQL data source postgres://askdata@10.0.0.5:5432/warehouse is unavailable: could not connect to server "shard_2"';
    const res = await problemFor(new CoreError('DATASOURCE_UNAVAILABLE', message, { details: { dataSource: 'warehouse', shard: 'shard_2', host: '10.0.0.5' } }));
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ type: 'tag:askdata.dev,2025:problem:datasource-unavailable', dataSource: 'warehouse', shard: 'shard_2' });
    expect(res.body.detail).toBe('The data source "warehouse" cannot be reached right now (its shard "shard_2" does not answer). Try again shortly.');
    expect(JSON.stringify(res.body)).not.toMatch(/10\.0\.0\.5|askdata@|host/);
  });

  it('repeats a name only when it looks like one', async () => {
    const res = await problemFor(new CoreError('DATASOURCE_UNAVAILABLE', 'down', { details: { dataSource: 'warehouse"<script>', shard: 'a\nb' } }));
    expect(res.status).toBe(503);
    expect(res.body.dataSource).toBeUndefined();
    expect(res.body.shard).toBeUndefined();
    expect(res.body.detail).toBe('The data source cannot be reached right now. Try again shortly.');
  });

  it('keeps the fixed detail when the error names nothing', async () => {
    const res = await problemFor(new CoreError('DATASOURCE_UNAVAILABLE', 'SQLite data file not found: /srv/data/w.db', { details: { file: '/srv/data/w.db' } }));
    expect(res.body.detail).toBe('The data source cannot be reached right now. Try again shortly.');
    expect(JSON.stringify(res.body)).not.toContain('/srv/data');
  });
});
