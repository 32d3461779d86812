/**
 * MariaDB's Spider plugin installs functions that reach a backend with the Spider server's own
 * credentials (spider_direct_sql and spider_bg_direct_sql run any SQL text there; spider_copy_tables
 * copies rows between backends), and MariaDB checks no privilege before a user calls a loadable function,
 * so a login that may only SELECT on the front could still send SQL to a shard. The compiler never writes
 * these calls (identifiers are quoted names from the model, values are bound); like file writes, such text
 * is refused before it is sent, whoever hands SQL to the data source.
 */
import { CoreError } from '@askdata/core';

/** The name, optionally back-quoted, then "(" after any blanks or comments. */
const SPIDER_CALL = /\bspider_(?:bg_direct_sql|direct_sql|copy_tables|ping_table|flush_table_mon_cache)`?(?:\s|\/\*[\s\S]*?\*\/)*\(/i;

export function refuseSpiderFunctions(text: string): void {
  if (SPIDER_CALL.test(text)) throw new CoreError('FORBIDDEN', 'Only read-only queries may run.');
}
