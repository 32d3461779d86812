/**
 * The load test in its short functional form (the full run is `npm run loadtest`): both apps as real
 * processes, a few seconds of mixed demo questions, then 0 failed requests and 0 lost or duplicated
 * answers. Speed is reported, never asserted.
 */
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { findRepoRoot } from '@askdata/env';
import { runLoad } from '../../../../loadtest/load-run';
import { formatReport } from '../../../../loadtest/run';
import { testWarehousePath } from '../support/test-deps';

describe('load test (short functional form)', () => {
  it('holds a short mixed load on both apps with 0 errors and 0 lost answers', async () => {
    const report = await runLoad({ repoRoot: findRepoRoot(__dirname), dataSourceUrl: testWarehousePath(), semanticModel: DEMO_MODEL_PATH, connections: 8, durationSeconds: 4 });
    process.stdout.write(`${formatReport(report, '8 connections x 4 s per app (jest)')}\n`);
    for (const app of report.apps) {
      expect({ app: app.app, non2xx: app.non2xx, errors: app.errors, timeouts: app.timeouts }).toEqual({ app: app.app, non2xx: 0, errors: 0, timeouts: 0 });
      expect(app.ok).toBeGreaterThan(0);
    }
    expect(report.store.lost).toBe(0);
    expect(report.store.duplicated).toBe(0);
    expect(report.store.v1.missingIds).toBe(0);
  }, 60_000);
});
