/** End to end: `npm run model:scaffold` against a real generated warehouse. */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { generateDemoWarehouse } from '@askdata/demo-data';
import { loadModelFile } from '@askdata/core';

const run = promisify(execFile);
const repoRoot = resolve(__dirname, '../../..');
const tsx = join(repoRoot, 'node_modules/.bin/tsx');
const cli = join(repoRoot, 'apps/cli/src/scaffold-model.ts');
const dir = mkdtempSync(join(tmpdir(), 'askdata-scaffold-cli-'));
const data = join(dir, 'demo.sqlite');

beforeAll(() => {
  generateDemoWarehouse({ path: data, scale: 0.02, now: new Date('2026-03-10T12:00:00Z') });
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
});
