import type { DatabaseTarget } from '../database-url';
import { openPostgresRateLimitCounters } from './postgres-rate-limit-counters';
import type { RateLimitCounters } from './rate-limit-counters';
import { openSqliteRateLimitCounters } from './sqlite-rate-limit-counters';

/** The counters on the store's own database (migrated: the RateLimitWindow table exists). */
export function openRateLimitCounters(target: DatabaseTarget): RateLimitCounters {
  return target.kind === 'sqlite' ? openSqliteRateLimitCounters(target.file) : openPostgresRateLimitCounters(target.pool, target.schema ?? 'public');
}
