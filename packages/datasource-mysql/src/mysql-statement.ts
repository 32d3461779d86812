/**
 * The per-statement settings every query of the data source runs under, for each server flavour:
 * a time limit, a row cap on the top-level SELECT (sql_select_limit: unlike a wrapping subselect it keeps
 * the query's ORDER BY, which MariaDB drops from derived tables), UTC as the session time zone (buckets and
 * bounds never depend on the server's zone) and 30 decimal places for division and AVG (MySQL keeps only
 * four by default, which would make shares and averages differ from the other engines).
 *
 * On a database that holds Spider tables (MariaDB's sharding engine) subquery materialization is also turned
 * off for the statement: Spider 10.11 answers wrongly when a NOT EXISTS / NOT IN subquery over a Spider
 * table is materialized through its group-by handler (only the rows before the first duplicate key reach the
 * materialized table, so "products nobody reviewed" lists reviewed products; test/spider). Without
 * materialization MariaDB runs the subquery per outer row, each pushed whole to the one backend holding
 * the tenant: one round trip per outer row instead of one, but the right answer.
 *
 * MariaDB has no MAX_EXECUTION_TIME; `SET STATEMENT ... FOR` scopes the settings to the one statement, so
 * nothing is left on the pooled session. MySQL has no SET STATEMENT: the same settings are set on the
 * session right before the statement (every statement sets them anew) with max_execution_time.
 * The values are numbers checked here, never text from a caller; the query's own values stay bound.
 */
export type ServerFlavour = 'mariadb' | 'mysql';

export interface StatementLimits {
  timeoutMs: number;
  /** Rows the top-level SELECT may return (maxRows + 1, so truncation shows). */
  rowCap: number;
}

function checked({ timeoutMs, rowCap }: StatementLimits): StatementLimits {
  if (!Number.isSafeInteger(timeoutMs) || timeoutMs < 1) throw new Error(`timeoutMs must be a positive integer, got ${timeoutMs}`);
  if (!Number.isSafeInteger(rowCap) || rowCap < 1) throw new Error(`rowCap must be a positive integer, got ${rowCap}`);
  return { timeoutMs, rowCap };
}

export function flavourOf(version: string): ServerFlavour {
  return /mariadb/i.test(version) ? 'mariadb' : 'mysql';
}

export interface MariadbTraits {
  /** The database holds Spider tables. */
  spiderTables: boolean;
}

/** MariaDB: the statement itself, prefixed so the settings hold for it alone. */
export function mariadbStatement(text: string, limits: StatementLimits, traits: MariadbTraits = { spiderTables: false }): string {
  const { timeoutMs, rowCap } = checked(limits);
  const seconds = (timeoutMs / 1000).toFixed(3);
  const spider = traits.spiderTables ? ", optimizer_switch='materialization=off'" : '';
  return `SET STATEMENT max_statement_time=${seconds}, sql_select_limit=${rowCap}, time_zone='+00:00', div_precision_increment=30${spider} FOR ${text}`;
}

/** MySQL: the session settings to apply right before the statement. */
export function mysqlSessionSettings(limits: StatementLimits): string {
  const { timeoutMs, rowCap } = checked(limits);
  return `SET SESSION max_execution_time=${timeoutMs}, sql_select_limit=${rowCap}, time_zone='+00:00', div_precision_increment=30`;
}
