/**
 * A child process for the cross-process counter test: opens the store's rate-limit counters, waits for
 * the common start time, counts HITS hits on one key (CONCURRENCY at a time) and prints what each hit
 * returned, as JSON: {"hits": [...], "failed": n}.
 */
import { parseDatabaseUrl } from '../../src/database-url';
import { openRateLimitCounters } from '../../src/rate-limits/open-rate-limit-counters';

async function main(): Promise<void> {
  const counters = openRateLimitCounters(parseDatabaseUrl(process.env.STORE_URL ?? ''));
  const hits = Number(process.env.HITS);
  const concurrency = Number(process.env.CONCURRENCY ?? 1);
  const now = Number(process.env.NOW_MS);
  const startAt = Number(process.env.START_AT);
  const seen: number[] = [];
  let failed = 0;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - Date.now())));
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < hits) {
        next += 1;
        try {
          seen.push((await counters.hit('shared-key', 60_000, now)).hits);
        } catch {
          failed += 1;
        }
      }
    }),
  );
  await counters.close();
  process.stdout.write(JSON.stringify({ hits: seen, failed }));
}

void main();
