/** End to end: `npm run model:scaffold` against a real generated warehouse. */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { generateDemoWarehouse } from '@askdata/demo-data';
import { loadModelFile } from '@askdata/core';

const run = promisify(execFile);
const repoRoot = resolve(__dirname, '../../..');
const tsx = join(repoRoot, 'node_modules/.bin/tsx');
const cli = join(repoRoot, 'apps/cli/src/scaffold-model.ts');
const dir = mkdtempSync(join(tmpdir(), 'askdata-scaffold-cli-'));
const data = join(dir, 'demo.sqlite');
/** A small SaaS database: tenants on plans (a lookup every tenant shares, with no tenant column), their users, and an audit table nobody scoped. */
const saas = join(dir, 'saas.sqlite');

beforeAll(() => {
  generateDemoWarehouse({ path: data, scale: 0.02, now: new Date('2026-03-10T12:00:00Z') });
  const db = new Database(saas);
  db.exec(`
    create table plans (id integer primary key, name text not null, monthly_price real not null);
    create table tenants (id integer primary key, name text not null, plan_id integer not null references plans(id));
    create table users (id integer primary key, tenant_id integer not null references tenants(id), email text not null, signed_up_at text not null);
    create table audit_log (id integer primary key, message text not null);
    insert into plans values (1, 'Starter', 29), (2, 'Business', 99);
    insert into tenants values (1, 'Acme', 1), (2, 'Globex', 2);
    insert into users values (1, 1, 'a@acme.test', '2026-01-02'), (2, 2, 'b@globex.test', '2026-01-03'), (3, 2, 'c@globex.test', '2026-01-04');
    insert into audit_log values (1, 'started');
  `);
  db.close();
});

describe('model:scaffold CLI', () => {
  it('prints a model file that loads back', async () => {
    const { stdout } = await run(tsx, [cli, '--data', `file://${data}`, '--tenancy', 'orgId=organisation_id'], { cwd: repoRoot });
    const path = join(dir, 'model.yaml');
    writeFileSync(path, stdout);
    const model = loadModelFile(path);
    expect(Object.keys(model.entities).sort()).toEqual(['orders', 'organisations', 'products', 'reviews', 'users']);
    expect(model.entities.orders?.tenancy).toEqual({ kind: 'scoped', columns: { orgId: 'organisation_id' } });
  }, 30_000);

  it('requires the tenancy to be stated and explains bad input', async () => {
    await expect(run(tsx, [cli, '--data', data], { cwd: repoRoot })).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('--tenancy is required') });
    await expect(run(tsx, [cli, '--data', data, '--tenancy', 'orgId'], { cwd: repoRoot })).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('contextKey=column') });
    await expect(run(tsx, [cli, '--tenancy', 'none'], { cwd: repoRoot })).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('--data is required') });
    await expect(run(tsx, [cli, '--data', join(dir, 'missing.sqlite'), '--tenancy', 'none'], { cwd: repoRoot })).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('not found') });
  }, 30_000);

  it('says on stderr which tables it leaves out and why, and keeps the ones named with --shared as shared', async () => {
    const left = await run(tsx, [cli, '--data', saas, '--tenancy', 'tenantId=tenant_id'], { cwd: repoRoot });
    const leftOut = left.stderr.split('\n').filter((line) => line.includes('left out')).sort();
    expect(leftOut).toEqual([
      'model:scaffold: left out audit_log: has no "tenant_id" column, so it cannot be restricted to one tenantId; if every tenantId may read all of it, keep it with --shared audit_log',
      'model:scaffold: left out plans: has no "tenant_id" column, so it cannot be restricted to one tenantId; if every tenantId may read all of it, keep it with --shared plans',
    ]);
    expect(left.stdout).not.toMatch(/^ {2}plans:/m);

    const kept = await run(tsx, [cli, '--data', saas, '--tenancy', 'tenantId=tenant_id', '--shared', 'plans'], { cwd: repoRoot });
    expect(kept.stderr).toContain('model:scaffold: kept plans as shared: every tenantId reads all its rows');
    expect(kept.stderr).toContain('model:scaffold: left out audit_log:');
    expect(kept.stderr).not.toContain('left out plans');
    const path = join(dir, 'saas-model.yaml');
    writeFileSync(path, kept.stdout);
    const model = loadModelFile(path);
    expect(Object.keys(model.entities).sort()).toEqual(['plans', 'tenants', 'users']);
    expect(model.entities.plans?.tenancy).toEqual({ kind: 'shared' });
    expect(model.entities.users?.tenancy).toEqual({ kind: 'scoped', columns: { tenantId: 'tenant_id' } });
    // The tenants reach their plan through the relation the foreign key declares.
    expect(model.relations).toEqual(expect.arrayContaining([expect.objectContaining({ fromEntity: 'tenants', fromField: 'plan_id', toEntity: 'plans', toField: 'id' })]));

    const both = await run(tsx, [cli, '--data', saas, '--tenancy', 'tenantId=tenant_id', '--shared', 'plans,audit_log'], { cwd: repoRoot });
    expect(both.stderr).not.toContain('left out');
  }, 60_000);

  it('refuses --shared for a table that is not there, one that is scoped, or without a tenant column', async () => {
    await expect(run(tsx, [cli, '--data', saas, '--tenancy', 'tenantId=tenant_id', '--shared', 'plan'], { cwd: repoRoot })).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('"plan" is not a table') });
    await expect(run(tsx, [cli, '--data', saas, '--tenancy', 'tenantId=tenant_id', '--shared', 'users'], { cwd: repoRoot })).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('"users" is scoped by its "tenant_id" column') });
    await expect(run(tsx, [cli, '--data', saas, '--tenancy', 'tenantId=tenant_id', '--shared', 'tenants'], { cwd: repoRoot })).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('"tenants" is scoped') });
    await expect(run(tsx, [cli, '--data', saas, '--tenancy', 'none', '--shared', 'plans'], { cwd: repoRoot })).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('tenancy none') });
    await expect(run(tsx, [cli, '--data', saas, '--tenancy', 'tenantId=tenant_id', '--shared', 'plans,'], { cwd: repoRoot })).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('--shared takes table names') });
  }, 60_000);
});
