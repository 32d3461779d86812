/**
 * The Spider test setup itself: the demo warehouse's facts live on the backends, each backend holding only
 * its tenants, and the front reads them back whole through its Spider tables; the dimensions stay local.
 */
import { createConnection, type RowDataPacket } from 'mysql2/promise';
import { createDemoWarehouseOnSpider, SHARDED_FACT_TABLES, type SpiderWarehouse } from './demo-warehouse-on-spider';
import { spiderFrontTableSql } from './spider-shards';

let warehouse: SpiderWarehouse;
beforeAll(async () => {
  warehouse = await createDemoWarehouseOnSpider('spider_setup');
}, 120_000);
afterAll(() => warehouse?.drop());

async function rowsOf(url: string, sql: string): Promise<RowDataPacket[]> {
  const connection = await createConnection({ uri: url });
  try {
    return (await connection.query<RowDataPacket[]>(sql))[0];
  } finally {
    await connection.end();
  }
}

describe('the demo warehouse on Spider', () => {
  it('keeps the dimensions on the front as InnoDB and makes the facts Spider tables', async () => {
    const engines = await rowsOf(warehouse.url, 'select table_name as t, engine as e, table_comment as c from information_schema.tables where table_schema = database() order by table_name');
    expect(engines.map((row) => [row.t, row.e, row.c])).toEqual([
      ['orders', 'SPIDER', ''],
      ['organisations', 'InnoDB', ''],
      ['products', 'InnoDB', ''],
      ['reviews', 'SPIDER', ''],
      ['users', 'InnoDB', ''],
    ]);
  });

  it('places every tenant on exactly one backend and reads the same rows back through the front', async () => {
    expect(warehouse.shards.length).toBeGreaterThanOrEqual(2);
    expect(warehouse.shards.every((shard) => shard.tenants.length > 0)).toBe(true);
    for (const table of SHARDED_FACT_TABLES) {
      const throughFront = await rowsOf(warehouse.url, `select organisation_id as org, count(*) as n from ${table} group by organisation_id order by organisation_id`);
      const direct = (await Promise.all(warehouse.shards.map((shard) => rowsOf(shard.url, `select organisation_id as org, count(*) as n from ${table} group by organisation_id`)))).map((rows) =>
        rows.map((row) => Number(row.org)).sort((a, b) => a - b),
      );
      expect(direct).toEqual(warehouse.shards.map((shard) => shard.tenants));
      const perBackend = (await Promise.all(warehouse.shards.map((shard) => rowsOf(shard.url, `select organisation_id as org, count(*) as n from ${table} group by organisation_id`)))).flat();
      expect(throughFront.map((row) => [Number(row.org), Number(row.n)])).toEqual(perBackend.map((row) => [Number(row.org), Number(row.n)]).sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0)));
      expect(throughFront.length).toBeGreaterThan(1);
    }
  });
});

describe('spiderFrontTableSql', () => {
  const shards = [
    { server: 'shard_1', url: 'mysql://root@127.0.0.1:1/w', tenants: [1, 3] },
    { server: 'shard_2', url: 'mysql://root@127.0.0.1:2/w', tenants: [2] },
  ];

  it('adds the partition key to the primary key, drops foreign keys and names one server per partition', () => {
    const sql = spiderFrontTableSql(
      'CREATE TABLE `orders` (\n  `organisation_id` int(11) NOT NULL,\n  `id` int(11) NOT NULL,\n  PRIMARY KEY (`id`),\n  KEY `organisation_id` (`organisation_id`),\n  CONSTRAINT `orders_ibfk_1` FOREIGN KEY (`organisation_id`) REFERENCES `organisations` (`id`)\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci',
      { name: 'orders', partitionKey: 'organisation_id' },
      shards,
    );
    expect(sql).toContain('PRIMARY KEY (`id`,`organisation_id`)');
    expect(sql).not.toMatch(/FOREIGN KEY/);
    expect(sql).toContain("ENGINE=SPIDER DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci REMOTE_TABLE='orders'");
    expect(sql).toContain("PARTITION `p_shard_1` VALUES IN (1,3) REMOTE_SERVER='shard_1'");
    expect(sql).toContain("PARTITION `p_shard_2` VALUES IN (2) REMOTE_SERVER='shard_2'");
  });

  it('refuses a shard without tenants (a LIST partition needs values)', () => {
    expect(() => spiderFrontTableSql('CREATE TABLE `t` (\n  `organisation_id` int\n) ENGINE=InnoDB', { name: 't', partitionKey: 'organisation_id' }, [{ ...shards[0]!, tenants: [] }])).toThrow(/holds no tenants/);
  });
});
