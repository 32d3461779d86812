/**
 * A real SQLite data source with ONE worker whose queries can be switched to a runaway statement (the
 * unbounded recursive CTE of the hostile suite): while `slow` is on, every query really runs in the worker
 * process until it is killed. With one worker, a later query can only run once the runaway one is gone,
 * so "the query was freed" is something a test can observe. Nothing is mocked.
 */
import type { DataSource } from '@askdata/core';
import { openDataSource } from '@askdata/service';
import { RUNAWAY_SQL } from '../../../../../test-support/hostile/slow-data-source';
import { testWarehousePath } from '../../support/test-deps';

export interface SwitchableSource extends DataSource {
  slow: boolean;
}

export async function openSwitchableSlowSource(): Promise<SwitchableSource> {
  const real = await openDataSource(testWarehousePath(), { sqlite: { workers: 1 } });
  const source: SwitchableSource = {
    slow: false,
    dialect: real.dialect,
    description: real.description,
    execute: (query, options) => (source.slow ? real.execute({ sql: RUNAWAY_SQL, parameters: [] }, options) : real.execute(query, options)),
    introspect: () => real.introspect(),
    ping: () => real.ping(),
    close: () => real.close(),
  };
  return source;
}
