/**
 * What the load did to the PostgreSQL store, from the server's own counters: WAL written between two
 * points (pg_current_wal_lsn), connections to the store database by application (the limiter's pool
 * names itself "askdata-rate-limit"), and the answers table's size on disk per stored answer.
 */
import pg from 'pg';

export interface StoreStats {
  walBytes: number;
  connectionsByApplication: Record<string, number>;
  answers: number;
  answerBytesPerRow: number;
  rateLimitRows: number;
}

export async function storeStatsProbe(storeUrl: string): Promise<{ connections(): Promise<Record<string, number>>; finish(): Promise<StoreStats> }> {
  const client = new pg.Client({ connectionString: storeUrl, application_name: 'askdata-loadtest-probe' });
  await client.connect();
  const lsn = async () => (await client.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')).rows[0]?.lsn ?? '0/0';
  const startLsn = await lsn();
  let peak: Record<string, number> = {};
  const connections = async () => {
    const rows = await client.query<{ app: string; n: string }>(
      "select coalesce(nullif(application_name, ''), '(unnamed: Prisma)') as app, count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() group by 1",
    );
    const now = Object.fromEntries(rows.rows.map((row) => [row.app, Number(row.n)]));
    const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, n) => sum + n, 0);
    if (total(now) > total(peak)) peak = now;
    return now;
  };
  return {
    connections,
    async finish() {
      try {
        const wal = await client.query<{ bytes: string }>('select pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::bigint as bytes', [startLsn]);
        const answers = await client.query<{ n: string; bytes: string }>(`select count(*) as n, pg_total_relation_size('"Answer"') as bytes from "Answer"`);
        const limits = await client.query<{ n: string }>('select count(*) as n from "RateLimitWindow"');
        const n = Number(answers.rows[0]?.n ?? 0);
        return {
          walBytes: Number(wal.rows[0]?.bytes ?? 0),
          connectionsByApplication: peak,
          answers: n,
          answerBytesPerRow: n === 0 ? 0 : Math.round(Number(answers.rows[0]?.bytes ?? 0) / n),
          rateLimitRows: Number(limits.rows[0]?.n ?? 0),
        };
      } finally {
        await client.end();
      }
    },
  };
}
