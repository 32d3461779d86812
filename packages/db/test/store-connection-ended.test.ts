/**
 * A PostgreSQL store whose idle connections the server ends (a restart, an operator's
 * pg_terminate_backend) keeps the process alive and answers again on fresh connections.
 */
import pg from 'pg';
import { openStore } from '../src/prisma-store';
import type { Store } from '../src/store';
import { freshDatabase, type FreshDatabase } from './support/test-databases';

let database: FreshDatabase;
let store: Store;

beforeAll(async () => {
  database = await freshDatabase('postgres', 'ended');
  store = await openStore(database.url);
});
afterAll(async () => {
  await store?.close();
  await database?.dispose();
});

it('survives the server ending its idle connections, and answers again', async () => {
  await store.ping();
  await store.answers.listForConversation('conv_none', 1);
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  try {
    const name = new URL(database.url).pathname.slice(1);
    const { rows } = await admin.query('SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
    expect(rows.length).toBeGreaterThan(0);
  } finally {
    await admin.end();
  }
  // Give the ended connections' error events time to arrive.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await expect(store.answers.listForConversation('conv_none', 1)).resolves.toEqual([]);
  await expect(store.ping()).resolves.toBeUndefined();
});
