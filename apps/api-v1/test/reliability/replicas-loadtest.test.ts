/**
 * The replicas run in its 10-second form (the full run is `npm run loadtest -- --replicas 3`, 60 s):
 * three api-v1 processes and one ask-legacy on one PostgreSQL store behind Debian's nginx, one replica
 * SIGKILLed at 3 s and restarted at 7 s. The load spreads over 60 keys, so even at the result cache's
 * speed (about 300 requests/s here) no load key reaches its limit. Asserts what must hold, never speed:
 * no answer acknowledged with 200 is missing from the store, no request is stored twice, the only
 * failures are requests in flight on the killed replica, and one key's burst through nginx passes exactly
 * RATE_LIMIT_PER_MINUTE in total across the three replicas. nginx must be installed (apt-get install
 * nginx): without it this test fails, saying so.
 */
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { findRepoRoot } from '@askdata/env';
import { requireNginx } from '../../../../loadtest/replicas/nginx';
import { formatReplicaReport, replicaProblems } from '../../../../loadtest/replicas/replica-report';
import { runReplicas } from '../../../../loadtest/replicas/replica-run';
import { testPostgresAdminUrl } from '../../../../test-support/postgres';
import { testWarehousePath } from '../support/test-deps';

describe('replicas behind nginx (10-second form)', () => {
  it('loses and duplicates no answer through a SIGKILL and restart, fails only in-flight requests, and holds the limit across replicas', async () => {
    requireNginx();
    const limit = 200;
    const report = await runReplicas({
      repoRoot: findRepoRoot(__dirname),
      dataSourceUrl: testWarehousePath(),
      semanticModel: DEMO_MODEL_PATH,
      replicas: 3,
      connections: 10,
      durationSeconds: 10,
      killAtSeconds: 3,
      restartAtSeconds: 7,
      limitPerMinute: limit,
      loadKeys: 60,
      postgresAdminUrl: testPostgresAdminUrl(),
      tierSamples: 30,
    });
    process.stdout.write(`${formatReplicaReport(report)}\n`);
    expect(replicaProblems(report)).toEqual([]);
    expect(report.statuses['200']).toBeGreaterThan(0);
    expect({ lost: report.store.lost, duplicated: report.store.duplicated }).toEqual({ lost: 0, duplicated: 0 });
    expect(report.failures.failedOtherwise).toBe(0);
    expect(report.failures.failedInFlightOnKilled).toBeLessThanOrEqual(report.failures.inFlightOnKilled);
    expect(report.failures.failedOnKilled).toBe(report.statuses['502'] ?? 0);
    expect(report.limit.passed).toBe(limit);
    expect(report.limit.limited).toBe(report.limit.sent - limit);
    expect(Object.keys(report.limit.passedByReplica)).toHaveLength(3);
  }, 240_000);
});
