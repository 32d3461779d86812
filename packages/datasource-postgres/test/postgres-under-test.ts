/** The PostgreSQL adapter as the conformance harness runs it: the demo warehouse copied into a fresh database per test file, read back through pg directly. */
import { Client } from 'pg';
import { ownerColumn, type AdapterUnderTest } from '@askdata/conformance';
import { createDemoWarehouseOnPostgres } from '../../../test-support/demo-warehouse-on-postgres';
import { openPostgresDataSource, postgresHooks } from '../src/index';

export const postgresUnderTest: AdapterUnderTest = {
  engine: 'postgres',
  label: 'PostgreSQL',
  hooks: postgresHooks,
  createWarehouse: async (name, scale) => {
    const database = await createDemoWarehouseOnPostgres(name, scale);
    return { location: database.url, remove: () => database.drop() };
  },
  openDataSource: (url) => openPostgresDataSource(url),
  readDirectly: async (url) => {
    const direct = new Client({ connectionString: url });
    await direct.connect();
    return {
      owners: async (table, ids) => {
        const { rows } = await direct.query<{ id: number; org: number }>(`select id, organisation_id as org from "${table}" where id = any($1::int[])`, [ids]);
        return new Map(rows.map((row) => [row.id, row.org]));
      },
      values: async (table, column, orgId) =>
        (await direct.query<{ v: unknown }>(`select distinct "${column}" as v from "${table}" where "${ownerColumn(table)}" = $1 and "${column}" is not null`, [orgId])).rows.map((row) => String(row.v)),
      close: () => direct.end(),
    };
  },
};
