/**
 * Per-test-file MariaDB/MySQL databases. The server comes from ASKDATA_TEST_MYSQL_URL (set by .ci/run
 * or by the Jest global setup, which starts a throwaway MariaDB). Each call makes a fresh, empty database
 * so test files never see each other's rows. As for PostgreSQL there is deliberately no "skip when
 * unavailable": a missing server fails the suite with a message saying how to provide one.
 */
import { randomBytes } from 'node:crypto';
import { createConnection, type Connection } from 'mysql2/promise';
import type { TestDatabase } from './postgres';

export function testMysqlAdminUrl(): string {
  const url = process.env.ASKDATA_TEST_MYSQL_URL;
  if (!url) {
    throw new Error('MariaDB tests need a server: install Debian\'s mariadb-server package (the Jest global setup then starts one) or set ASKDATA_TEST_MYSQL_URL to an admin URL.');
  }
  return url;
}

export function withMysqlDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** The same server and database, logged in as another user. */
export function withMysqlUser(url: string, name: string, secret: string): string {
  const parsed = new URL(url);
  parsed.username = name;
  parsed.password = secret;
  return parsed.toString();
}

export async function withMysqlAdmin<T>(work: (connection: Connection) => Promise<T>, url = testMysqlAdminUrl()): Promise<T> {
  const connection = await createConnection({ uri: url, multipleStatements: true });
  try {
    return await work(connection);
  } finally {
    await connection.end();
  }
}

export async function createTestMysqlDatabase(prefix: string): Promise<TestDatabase> {
  const safePrefix = prefix.toLowerCase().replace(/[^a-z0-9_]/g, '_').slice(0, 30);
  const name = `${safePrefix}_${randomBytes(5).toString('hex')}`;
  await withMysqlAdmin((connection) => connection.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`));
  return {
    url: withMysqlDatabase(testMysqlAdminUrl(), name),
    async drop() {
      await withMysqlAdmin((connection) => connection.query(`DROP DATABASE IF EXISTS \`${name}\``));
    },
  };
}
