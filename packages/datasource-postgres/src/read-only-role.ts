/**
 * The SQL an operator runs once to give askdata its own PostgreSQL login that can only read. It is the
 * second net under the data source's per-query READ ONLY transactions: even a connection that forgot
 * (or a tool that reuses the credentials) cannot write, because the role holds SELECT only and every
 * session starts read-only. Kept as code so the exact text in docs/reliability.md is the text a test runs.
 */
export interface ReadOnlyRoleOptions {
  role: string;
  database: string;
  schema?: string;
  /** Printed as a placeholder in the docs; tests on a trust-auth server ignore it. */
  password?: string;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

export function readOnlyRoleSql(options: ReadOnlyRoleOptions): string {
  const schema = options.schema ?? 'public';
  for (const name of [options.role, options.database, schema]) {
    if (!IDENTIFIER.test(name)) throw new Error(`readOnlyRoleSql: "${name}" must be a plain lower-case identifier`);
  }
  const password = (options.password ?? 'change-me').replace(/'/g, "''");
  const { role, database } = options;
  return [
    `CREATE ROLE ${role} LOGIN PASSWORD '${password}' NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION;`,
    `ALTER ROLE ${role} SET default_transaction_read_only = on;`,
    `ALTER ROLE ${role} SET statement_timeout = '30s';`,
    `GRANT CONNECT ON DATABASE ${database} TO ${role};`,
    `GRANT USAGE ON SCHEMA ${schema} TO ${role};`,
    `GRANT SELECT ON ALL TABLES IN SCHEMA ${schema} TO ${role};`,
    `ALTER DEFAULT PRIVILEGES IN SCHEMA ${schema} GRANT SELECT ON TABLES TO ${role};`,
  ].join('\n');
}
