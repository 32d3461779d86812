import type pg from 'pg';
import { parseDatabaseUrl } from './database-url';
import { openSqliteDirect } from './direct/sqlite-direct';
import { postgresDirect } from './direct/postgres-direct';
import { migrate } from './migrate';
import { pgDriver } from './postgres-drivers';
import { createPrismaClient } from './prisma-clients';
import { openRateLimitCounters } from './rate-limits/open-rate-limit-counters';
import { answerRepository } from './repositories/answer-repository';
import { apiKeyRepository } from './repositories/api-key-repository';
import { conversationRepository } from './repositories/conversation-repository';
import { feedbackRepository } from './repositories/feedback-repository';
import { auditRepository, knowledgeRepository } from './repositories/knowledge-repository';
import { readingDecisionRepository } from './repositories/reading-decision-repository';
import { reviewRepository } from './repositories/review-repository';
import type { Store } from './store';
import { guardStore } from './store-unavailable';

/**
 * Opens the service's store: applies pending migrations (fast no-op when up to date), then returns the
 * Prisma-backed repositories. `databaseUrl`: `file:./x.db`, `file:/abs/x.db`, a bare path, or a
 * `postgres://` / `postgresql://` URL. The parent directory of a SQLite file is created when missing.
 */
export async function openStore(databaseUrl: string): Promise<Store> {
  const target = parseDatabaseUrl(databaseUrl);
  await migrate(databaseUrl);
  // One pg pool for Prisma and the direct statements of the hot path (direct/): one set of connections.
  const pool = target.kind === 'postgres' ? new (pgDriver().Pool)(target.pool) : undefined;
  // A connection the server ends (a restart, pg_terminate_backend) is reported on the pool, also while
  // close() is ending the pool and after Prisma let go of it; without a listener of our own that 'error'
  // event ends the process (seen in CI: a test dropped its database while its store was closing).
  pool?.on('error', () => undefined);
  const db = createPrismaClient(target, pool);
  await db.$connect();
  const direct = target.kind === 'postgres' ? postgresDirect(pool as pg.Pool, target.schema ?? 'public') : openSqliteDirect(target.file);
  // WAL (set by migrate) plus synchronous=NORMAL: each commit no longer waits for an fsync, which was most
  // of the per-answer store write; in WAL mode this risks only the last transactions on power loss, never
  // corruption. PRAGMA returns a row, hence $queryRawUnsafe.
  if (target.kind === 'sqlite') await db.$queryRawUnsafe('PRAGMA synchronous = NORMAL');
  let rateLimits: ReturnType<typeof openRateLimitCounters>;
  try {
    rateLimits = openRateLimitCounters(target);
  } catch (error) {
    await direct.close();
    await db.$disconnect();
    await pool?.end();
    throw error;
  }
  // Connection failures become StoreUnavailableError (503 at the edge) instead of generic 500s.
  return guardStore({
    kind: target.kind,
    conversations: conversationRepository(db, direct),
    answers: answerRepository(db, direct),
    feedback: feedbackRepository(db, direct),
    apiKeys: apiKeyRepository(db),
    review: reviewRepository(db, direct),
    knowledge: knowledgeRepository(db, direct),
    audit: auditRepository(db),
    readingDecisions: readingDecisionRepository(db),
    rateLimits,
    async ping() {
      if (target.kind === 'postgres') {
        await db.$queryRaw`SELECT 1`;
        return;
      }
      // SQLite reads never wait in WAL mode, so SELECT 1 says "fine" while every write fails: this no-op
      // UPDATE takes the write lock (and releases it) without changing a row, so a locked store is not ready.
      await db.$executeRawUnsafe('UPDATE "ApiKey" SET "name" = "name" WHERE 0');
    },
    async close() {
      await rateLimits.close();
      await direct.close();
      await db.$disconnect();
      await pool?.end();
    },
  });
}
