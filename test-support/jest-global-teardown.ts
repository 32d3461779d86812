/** Stops the PostgreSQL and MariaDB servers the global setup started (if it started them). */
import { stopMysqlShardServers } from './mysql-shard-servers';
import { stopPostgresShardServers } from './postgres-shard-servers';

export default async function globalTeardown(): Promise<void> {
  try {
    stopPostgresShardServers();
    globalThis.__askdataPostgres?.stop();
  } finally {
    globalThis.__askdataPostgres = undefined;
    globalThis.__askdataMariadb?.stop();
    globalThis.__askdataMariadb = undefined;
    stopMysqlShardServers();
  }
}
