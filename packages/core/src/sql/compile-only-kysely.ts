/**
 * The one small factory every dialect uses for its `DialectHooks.kysely`: a Kysely instance that can
 * compile but never run anything (Kysely's DummyDriver). The adapter, introspector and query compiler are
 * Kysely's own for the engine, so identifier quoting and placeholders ($1 / ?) are Kysely's, not ours.
 */
import { DummyDriver, Kysely, type DatabaseIntrospector, type DialectAdapter, type QueryCompiler } from 'kysely';

export type CompileOnlyKysely = Kysely<Record<string, never>>;

export interface CompileOnlyParts {
  createAdapter(): DialectAdapter;
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector;
  createQueryCompiler(): QueryCompiler;
}

export function compileOnlyKysely(parts: CompileOnlyParts): CompileOnlyKysely {
  return new Kysely({ dialect: { ...parts, createDriver: () => new DummyDriver() } });
}
