/**
 * The per-statement settings a MariaDB database holding Spider tables (MariaDB's sharding engine) gets on
 * top of the usual limits (mysql-statement.ts), each found on Spider 10.11 and pinned in test/spider:
 *
 * - optimizer_switch materialization=off: Spider answers wrongly when a NOT EXISTS / NOT IN subquery over a
 *   Spider table is materialized through its group-by handler (only the rows before the first duplicate key
 *   reach the materialized table, so "products nobody reviewed" listed reviewed products). Without it the
 *   subquery runs per outer row, each pushed to the one backend holding the tenant: one round trip per
 *   outer row, but the right answer. (Turning the group-by handler off instead would also fix it, at the
 *   price of every fact-only aggregate: the tenant's rows would be shipped to the front to be summed.)
 * - join_cache_level=6 with mrr and join_cache_bka on, spider_bka_mode=2: a join of a fact table with a
 *   dimension on the front asks the backend for the fact rows of a whole batch of dimension keys in one
 *   statement (a join against a UNION ALL of the keys) instead of one statement per dimension row. Mode 2,
 *   not Spider's default 1: mode 1 creates a temporary table on the backend, which a read-only backend
 *   account may not.
 * - spider_net_read_timeout = the statement's limit in whole seconds, rounded up: max_statement_time and
 *   KILL QUERY do not interrupt Spider while it waits for a backend, so a stuck backend held the query until
 *   it answered (up to Spider's default of 600 s). The backend then fails with 1159, read as a timeout.
 * - spider_error_read_mode=0: a backend that cannot be read fails the statement. At 1, which a server may
 *   set globally, Spider answers from the backends it can reach: a partial answer shown as a whole one.
 */
export function spiderStatementSettings(timeoutMs: number): string {
  return [
    "optimizer_switch='materialization=off,mrr=on,join_cache_bka=on'",
    'join_cache_level=6',
    'spider_bka_mode=2',
    `spider_net_read_timeout=${Math.ceil(timeoutMs / 1000)}`,
    'spider_error_read_mode=0',
  ].join(', ');
}
