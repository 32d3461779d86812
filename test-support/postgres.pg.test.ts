import { Client } from 'pg';
import { createTestDatabase } from './postgres';

describe('test PostgreSQL harness', () => {
  it('creates an isolated, empty database and drops it', async () => {
    const db = await createTestDatabase('harness');
    const client = new Client({ connectionString: db.url });
    await client.connect();
    const { rows } = await client.query<{ n: string }>("SELECT count(*)::text AS n FROM information_schema.tables WHERE table_schema = 'public'");
    await client.end();
    expect(rows[0]?.n).toBe('0');
    await db.drop();
    await expect(db.drop()).resolves.toBeUndefined();
  });
});
