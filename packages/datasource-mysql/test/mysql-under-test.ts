/** The MySQL adapter as the conformance harness runs it: the demo warehouse copied into a fresh MariaDB database per test file, read back through mysql2 directly. */
import { createConnection, type RowDataPacket } from 'mysql2/promise';
import { ownerColumn, type AdapterUnderTest } from '@askdata/conformance';
import { createDemoWarehouseOnMysql } from '../../../test-support/demo-warehouse-on-mysql';
import { mysqlHooks, openMysqlDataSource } from '../src/index';

export const mysqlUnderTest: AdapterUnderTest = {
  engine: 'mysql',
  label: 'MariaDB',
  hooks: mysqlHooks,
  createWarehouse: async (name, scale) => {
    const database = await createDemoWarehouseOnMysql(name, scale);
    return { location: database.url, remove: () => database.drop() };
  },
  openDataSource: (url) => openMysqlDataSource(url),
  readDirectly: async (url) => {
    const direct = await createConnection({ uri: url });
    return {
      owners: async (table, ids) => {
        if (ids.length === 0) return new Map();
        const [rows] = await direct.query<RowDataPacket[]>(`select id, organisation_id as org from \`${table}\` where id in (?)`, [ids]);
        return new Map(rows.map((row) => [Number(row.id), Number(row.org)]));
      },
      values: async (table, column, orgId) => {
        const [rows] = await direct.query<RowDataPacket[]>(`select distinct \`${column}\` as v from \`${table}\` where \`${ownerColumn(table)}\` = ? and \`${column}\` is not null`, [orgId]);
        return rows.map((row) => String(row.v));
      },
      close: () => direct.end(),
    };
  },
};
