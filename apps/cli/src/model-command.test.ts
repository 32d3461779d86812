/** End to end: `askdata model import|export` (npm run model:import / model:export) as a process, as people run it. */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { loadModelFile } from '@askdata/core';
import { DEMO_SHOP_FIXTURES, PUBLISHED_FIXTURES } from '@askdata/model-import/testing';

const run = promisify(execFile);
const repoRoot = resolve(__dirname, '../../..');
const bin = join(repoRoot, 'apps/cli/bin/askdata.cjs');
const dir = mkdtempSync(join(tmpdir(), 'askdata-model-cli-'));
const askdata = (...args: string[]) => run(process.execPath, [bin, ...args], { cwd: repoRoot });

describe('askdata model import', () => {
  it('writes the model, the verified queries beside it, and the report on stderr', async () => {
    const out = join(dir, 'coffee.yaml');
    const { stdout, stderr } = await askdata('model', 'import', PUBLISHED_FIXTURES.coffeeSnowflake, '--tenancy', 'none', '--out', out);
    expect(stdout).toBe('');
    expect(Object.keys(loadModelFile(out).entities)).toEqual(['customers', 'plans', 'shipments']);
    expect(stderr).toContain('not carried (6):');
    expect(stderr).toContain(`${PUBLISHED_FIXTURES.coffeeSnowflake}: tables[2].metrics[5]: metric returned_revenue: its filter`);
    const queries = readFileSync(join(dir, 'coffee.verified-queries.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as unknown);
    expect(queries).toEqual([
      { question: 'What was our revenue last year?', sql: expect.stringMatching(/^SELECT SUM\(amount\) AS revenue/) },
      { question: 'How many bags did we ship per plan?', sql: expect.stringMatching(/GROUP BY p\.plan_name$/) },
    ]);
    expect(stderr).toContain(`2 verified queries written to ${join(dir, 'coffee.verified-queries.jsonl')}; they become verified questions through \`npm run teach -- import\` once the SQL route lands`);
  }, 30_000);

  it('prints the model on stdout without --out, and a dbt project folder reads as one model', async () => {
    const { stdout, stderr } = await askdata('model', 'import', DEMO_SHOP_FIXTURES.dbt, '--tenancy', 'orgId=organisation_id');
    expect(stdout).toMatch(/^# Semantic model derived from /);
    expect(stdout).toContain('tenant: { orgId: organisation_id }');
    expect(stderr).toContain('Imported dbt semantic models from');
  }, 30_000);

  it('refuses without a tenancy (2), and names file, path and reason for invalid input (1)', async () => {
    await expect(askdata('model', 'import', PUBLISHED_FIXTURES.coffeeSnowflake)).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('--tenancy is required') });
    await expect(askdata('model', 'import', PUBLISHED_FIXTURES.coffeeSnowflake, '--tenancy', 'orgId')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('contextKey=column') });
    const bad = join(repoRoot, 'packages/model-import/test/fixtures/invalid/ossie-bad-datatype.yaml');
    await expect(askdata('model', 'import', bad, '--tenancy', 'none')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`${bad}: semantic_model[0].datasets[0].fields[0].datatype: Invalid option`),
    });
  }, 30_000);
});

describe('askdata model export', () => {
  it('writes the model as an Ossie document that the import reads back', async () => {
    const out = join(dir, 'demo.ossie.yaml');
    await askdata('model', 'export', '--format', 'ossie', '--out', out);
    expect(readFileSync(out, 'utf8')).toMatch(/^# Apache Ossie 0\.1\.1 document exported by askdata/);
    const { stderr } = await askdata('model', 'import', out, '--out', join(dir, 'back.yaml'));
    expect(stderr).toContain('not carried: nothing');
    expect(loadModelFile(join(dir, 'back.yaml')).entities.orders?.measures.revenue?.synonyms).toContain('sales');
    await expect(askdata('model', 'export', '--format', 'lookml')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('--format must be ossie') });
  }, 30_000);
});
