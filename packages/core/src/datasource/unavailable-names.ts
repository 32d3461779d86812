/**
 * What a 503 may say about which data source failed. A caller whose question cannot be answered because a
 * server is down should learn which data source (and, on a sharded warehouse, which shard) to ask their
 * operator about, but never a host, port, user or password: those stay in the log. So the adapters put only
 * names here (the database's name from the URL, a foreign server's name), and the HTTP layer repeats a name
 * only when it looks like an identifier.
 */

/** The details keys a DATASOURCE_UNAVAILABLE error may carry for callers to see. */
export interface UnavailableNames {
  /** The database the data source URL names, e.g. "warehouse". */
  dataSource?: string;
  /** The shard (postgres_fdw foreign server, Spider server) that could not be reached. */
  shard?: string;
}

/** A name repeated to a caller: letters, digits, inner spaces and _ . $ - only, and not too long to be a name. */
const SAFE_NAME = /^[A-Za-z0-9_.$-](?:[A-Za-z0-9_.$ -]{0,126}[A-Za-z0-9_.$-])?$/;

export function isSafeUnavailableName(value: unknown): value is string {
  return typeof value === 'string' && SAFE_NAME.test(value);
}

/** The database a postgres:// or mysql:// URL names, or undefined when it names none (or does not parse). */
export function databaseNameOfUrl(url: string): string | undefined {
  try {
    const name = decodeURIComponent(new URL(url.trim()).pathname.replace(/^\//, ''));
    return name === '' ? undefined : name;
  } catch {
    return undefined;
  }
}

/** The names present in a DATASOURCE_UNAVAILABLE error's details that are safe to repeat to a caller. */
export function unavailableNames(details: Readonly<Record<string, unknown>>): UnavailableNames {
  const names: UnavailableNames = {};
  if (isSafeUnavailableName(details.dataSource)) names.dataSource = details.dataSource;
  if (isSafeUnavailableName(details.shard)) names.shard = details.shard;
  return names;
}
