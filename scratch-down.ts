import { Client } from 'pg';
import { findPostgresBinaries, startPostgres } from './test-support/postgres-server';
import { createShardedDemoWarehouseOnPostgres } from './test-support/sharded-demo-warehouse-on-postgres';
(async () => {
  const bin = findPostgresBinaries()!;
  const servers = await Promise.all([startPostgres(bin), startPostgres(bin)]);
  const w = await createShardedDemoWarehouseOnPostgres('down', { scale: 0.01, servers: { coordinator: process.env.ASKDATA_TEST_PG_URL!, shards: servers.map((s) => s.url) } });
  const reused = new Client({ connectionString: w.coordinator.url }); await reused.connect();
  const show = async (label: string, c: Client, sql: string) => {
    try { const r = await c.query(sql); console.log(label, 'OK', JSON.stringify(r.rows)); }
    catch (e: any) { console.log(label, 'ERR', JSON.stringify({ code: e.code, message: e.message, detail: e.detail, where: e.where, hint: e.hint })); }
  };
  await show('before org1', reused, 'select count(*) from orders where organisation_id = 1');
  servers[0]!.halt();
  await show('after reused org1', reused, 'select count(*) from orders where organisation_id = 1');
  await show('after reused org2', reused, 'select count(*) from orders where organisation_id = 2');
  await show('after reused all', reused, 'select count(*) from orders');
  const fresh = new Client({ connectionString: w.coordinator.url }); await fresh.connect();
  await show('after fresh org1', fresh, 'select count(*) from orders where organisation_id = 1');
  await show('after fresh all', fresh, 'select count(*) from orders');
  await show('after fresh org2', fresh, 'select count(*) from orders where organisation_id = 2');
  // mid-query: a slow query on shard_2 killed by halting
  const slow = new Client({ connectionString: w.coordinator.url }); await slow.connect();
  const p = show('mid-query org2', slow, 'select count(*) from orders o, generate_series(1, 3000000) g where o.organisation_id = 2 and g > o.id');
  await new Promise((r) => setTimeout(r, 500));
  servers[1]!.halt();
  await p;
  servers[0]!.start();
  await show('restarted reused org1', reused, 'select count(*) from orders where organisation_id = 1');
  await reused.end(); await fresh.end(); await slow.end().catch(() => {});
  await w.drop().catch((e) => console.log('drop', e.message));
  for (const s of servers) s.stop();
})();
