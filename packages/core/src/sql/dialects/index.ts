import type { SqlDialect } from '../../datasource/data-source';
import type { DialectHooks } from '../dialect-hooks';
import { postgresHooks } from './postgres';
import { sqliteHooks } from './sqlite';

const hooks: Record<SqlDialect, DialectHooks> = { sqlite: sqliteHooks, postgres: postgresHooks };

export function dialectHooks(dialect: SqlDialect): DialectHooks {
  return hooks[dialect];
}
