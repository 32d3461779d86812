/**
 * A real data source whose queries for one organisation are replaced by a deliberately runaway SQLite
 * statement (an unbounded recursive CTE): the slow query really runs in a worker process and really has
 * to be killed at the statement timeout. Other organisations' queries run unchanged, so a test can show
 * that one slow query blocks nobody else. Nothing is mocked: every query reaches SQLite.
 */
import type { DataSource } from '@askdata/core';

export const RUNAWAY_SQL = 'with recursive c(x) as (select 1 union all select x + 1 from c) select count(*) as n from c';

/** `onRunaway` is called as the runaway statement is sent, so a test can wait for it instead of guessing a delay. */
export function slowForOrganisation(real: DataSource, orgId: number, onRunaway: () => void = () => undefined): DataSource {
  return {
    dialect: real.dialect,
    description: real.description,
    execute: (query, options) => {
      if (!query.parameters.includes(orgId)) return real.execute(query, options);
      onRunaway();
      return real.execute({ sql: RUNAWAY_SQL, parameters: [] }, options);
    },
    introspect: () => real.introspect(),
    ping: () => real.ping(),
    close: () => real.close(),
  };
}
