/** End to end: `askdata model import|export` (npm run model:import / model:export) as a process, as people run it. */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { loadModelFile } from '@askdata/core';
import { generateDemoWarehouse } from '@askdata/demo-data';
import { AS_WRITTEN_FIXTURES, DEMO_SHOP_FIXTURES, PUBLISHED_FIXTURES } from '@askdata/model-import/testing';

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

  it('types a dbt project\'s columns from the database --data names, and says so (issue 40)', async () => {
    const warehouse = join(dir, 'warehouse.db');
    generateDemoWarehouse({ path: warehouse, scale: 0.02, now: new Date('2026-03-10T12:00:00Z') });
    const { stdout, stderr } = await askdata('model', 'import', AS_WRITTEN_FIXTURES.dbtUntyped, '--tenancy', 'none', '--data', warehouse);
    expect(stdout).toMatch(/price: \{ type: number/);
    expect(stderr).toContain("type of products.price: number, from the data source's column products.price");
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

// Issue 35 (third hostile review), F6 and F7: a bounded read, and every YAML failure as the usual report.
describe('askdata model import: bounded files and clean reports', () => {
  const noStackTrace = (stderr: string) => expect(stderr).not.toMatch(/\n\s+at |ReferenceError|RangeError/);

  it('reports an alias bomb with the file, line, column, the offending line and the reason (exit 1, no stack trace)', async () => {
    const bomb = join(dir, 'bomb.ossie.yaml');
    const levels = ['a0: &a0 [x]', ...Array.from({ length: 10 }, (_, index) => `a${index + 1}: &a${index + 1} [${Array(9).fill(`*a${index}`).join(', ')}]`)];
    writeFileSync(bomb, `version: "0.1.1"\n${levels.join('\n')}\n`);
    const failed = await askdata('model', 'import', bomb, '--tenancy', 'none').then(() => undefined, (error: { code: number; stderr: string }) => error);
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toMatch(new RegExp(`^askdata model: Cannot import \\(1 problem\\):\\n  - ${bomb.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: \\(line \\d+, column \\d+\\): not valid YAML: aliases stand for more than 10000 nodes`));
    expect(failed?.stderr).toMatch(/\n +\d+ \| a\d+: &a\d+ \[\*a\d+, /);
    noStackTrace(failed?.stderr ?? '');
  }, 30_000);

  it('refuses a file larger than MODEL_FILE_MAX_BYTES (default 4 MB) before reading it', async () => {
    const big = join(dir, 'big.ossie.yaml');
    writeFileSync(big, `version: "0.1.1"\nsemantic_model:\n${'  - { name: m, datasets: [] }\n'.repeat(200_000)}`);
    await expect(askdata('model', 'import', big, '--tenancy', 'none')).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/: \(file\): the file is \d+ bytes, larger than the 4 MB a model file may be \(MODEL_FILE_MAX_BYTES\); it was not read\n$/) });
    const small = join(dir, 'small.ossie.yaml');
    writeFileSync(small, readFileSync(PUBLISHED_FIXTURES.coffeeSnowflake));
    const bounded = run(process.execPath, [bin, 'model', 'import', small, '--tenancy', 'none'], { cwd: repoRoot, env: { ...process.env, MODEL_FILE_MAX_BYTES: '1kb' } });
    await expect(bounded).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('larger than the 1024 bytes a model file may be') });
    const bad = run(process.execPath, [bin, 'model', 'import', small, '--tenancy', 'none'], { cwd: repoRoot, env: { ...process.env, MODEL_FILE_MAX_BYTES: 'lots' } });
    await expect(bad).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('MODEL_FILE_MAX_BYTES must be a size') });
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
