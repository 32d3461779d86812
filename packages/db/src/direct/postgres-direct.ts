/**
 * The hot path on the PostgreSQL store: the same pg pool Prisma's adapter uses (one set of connections),
 * reads as named prepared statements, a write of several statements in one transaction on one client.
 */
import type pg from 'pg';
import type { DirectStore, SqlStatement } from './direct-store';

export function postgresDirect(pool: pg.Pool, schema: string): DirectStore {
  return {
    dialect: { kind: 'postgres', schema },
    async queryOne<T extends object>({ name, sql, params }: SqlStatement & { name: string }): Promise<T | undefined> {
      const result = await pool.query({ name, text: sql, values: params });
      return result.rows[0] as T | undefined;
    },
    async queryAll<T extends object>({ sql, params }: SqlStatement): Promise<T[]> {
      return (await pool.query(sql, params)).rows as T[];
    },
    async write(all) {
      const [only] = all;
      if (all.length === 1 && only) {
        await pool.query(only.sql, only.params);
        return;
      }
      const client = await pool.connect();
      let broken: unknown;
      try {
        await client.query('BEGIN');
        for (const { sql, params } of all) await client.query(sql, params);
        await client.query('COMMIT');
      } catch (error) {
        broken = error;
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        // After a failure the connection is not handed out again (it may be the connection that failed).
        client.release(broken === undefined ? undefined : true);
      }
    },
    // The pool belongs to the store (prisma-store.ts), which ends it after Prisma let go of it.
    close: async () => undefined,
  };
}
