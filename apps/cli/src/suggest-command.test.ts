/** End to end: `askdata model suggest` on a real SQLite database, with the model file scaffolded beside it. */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { loadModelFile } from '@askdata/core';

const run = promisify(execFile);
const repoRoot = resolve(__dirname, '../../..');
const bin = join(repoRoot, 'apps/cli/bin/askdata.cjs');
const tsx = join(repoRoot, 'node_modules/.bin/tsx');
const scaffold = join(repoRoot, 'apps/cli/src/scaffold-model.ts');
const dir = mkdtempSync(join(tmpdir(), 'askdata-suggest-cli-'));
const data = join(dir, 'shop.sqlite');
const askdata = (...args: string[]) => run(process.execPath, [bin, ...args], { cwd: repoRoot });

const START = 'dates.event-verb:campaigns.campaign_start_date';
const PAY_BY = 'names.pay-by:customers.payment_method_code';

beforeAll(() => {
  const db = new Database(data);
  db.exec(`
    create table customers (customer_id integer primary key, customer_name text not null, payment_method_code text not null);
    create table campaigns (campaign_id integer primary key, campaign_name text not null, campaign_start_date datetime not null, campaign_end_date datetime not null);
    insert into customers values (1, 'Ann', 'Credit Card'), (2, 'Bob', 'Cash'), (3, 'Cy', 'Credit Card');
    insert into campaigns values (1, 'Spring', '2024-03-01', '2024-04-01'), (2, 'Fall', '2024-09-01', '2024-10-01');
  `);
  db.close();
});

const synonymsOf = (path: string, entity: string, field: string): readonly string[] => loadModelFile(path).entities[entity]?.fields[field]?.synonyms ?? [];

describe('askdata model suggest', () => {
  it('lists every reading with its id, words, evidence, confidence and status', async () => {
    const { stdout } = await askdata('model', 'suggest', '--data', data, '--tenancy', 'none');
    expect(stdout).toContain(`${START}  [pending]  confidence 0.90`);
    expect(stdout).toContain('campaigns.campaign_start_date is named: started, began');
    expect(stdout).toContain('evidence: its name says "start"');
    expect(stdout).toContain(`${PAY_BY}  [pending]  confidence 0.85`);
  }, 60_000);

  it('accepts into the model file, rejects out of it, and a new scaffold leaves the rejected one out', async () => {
    const model = join(dir, 'model.yaml');
    await run(tsx, [scaffold, '--data', data, '--tenancy', 'none', '--out', model], { cwd: repoRoot });
    // The owner's own edit and comment survive the review.
    writeFileSync(model, readFileSync(model, 'utf8').replace('campaign_end_date: { type: datetime, role: time, synonyms: [ end date, ended, finished ] }', 'campaign_end_date: { type: datetime, role: time, synonyms: [ end date, ended, finished ] } # mine'));
    // An accepted reading whose words the owner had taken out comes back into the file.
    writeFileSync(model, readFileSync(model, 'utf8').replace('synonyms: [ start date, started, began, begun ]', 'synonyms: [ start date ]'));
    expect(synonymsOf(model, 'campaigns', 'campaign_start_date')).toEqual(['start date']);

    const { stdout, stderr } = await askdata('model', 'suggest', '--data', data, '--tenancy', 'none', '--model', model, '--accept', START, '--reject', PAY_BY);
    expect(stderr).toContain('1 accepted, 1 rejected');
    expect(stdout).toContain(`${START}  [accepted]`);
    expect(stdout).toContain(`${PAY_BY}  [rejected]`);
    expect(synonymsOf(model, 'campaigns', 'campaign_start_date')).toEqual(expect.arrayContaining(['start date', 'started', 'began']));
    // Rejected: its words no longer name the field; the code-suffix reading's own word stays.
    expect(synonymsOf(model, 'customers', 'payment_method_code')).toEqual(['payment method']);
    expect(readFileSync(model, 'utf8')).toContain('# mine');
    const decisions = JSON.parse(readFileSync(join(dir, 'model.reading-decisions.json'), 'utf8')) as { decisions: { id: string; decision: string }[] };
    expect(decisions.decisions.map(({ id, decision }) => ({ id, decision }))).toEqual([{ id: PAY_BY, decision: 'rejected' }, { id: START, decision: 'accepted' }]);

    // A fresh scaffold over the same file: the rejected reading stays out, the accepted one is carried.
    const again = await run(tsx, [scaffold, '--data', data, '--tenancy', 'none', '--out', model], { cwd: repoRoot });
    expect(again.stderr).toContain('left out 1 rejected reading');
    expect(synonymsOf(model, 'customers', 'payment_method_code')).toEqual(['payment method']);
    expect(synonymsOf(model, 'campaigns', 'campaign_start_date')).toEqual(expect.arrayContaining(['started', 'began']));
    // Still listed, as rejected, so the owner can change their mind.
    const listed = await askdata('model', 'suggest', '--data', data, '--tenancy', 'none', '--model', model);
    expect(listed.stdout).toContain(`${PAY_BY}  [rejected]`);
  }, 120_000);

  it('refuses an unknown reading, a reading both accepted and rejected, and a decision without a model file', async () => {
    const model = join(dir, 'other.yaml');
    await run(tsx, [scaffold, '--data', data, '--tenancy', 'none', '--out', model], { cwd: repoRoot });
    await expect(askdata('model', 'suggest', '--data', data, '--tenancy', 'none', '--model', model, '--accept', 'dates.event-verb:nope.nope')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('no reading "dates.event-verb:nope.nope"') });
    await expect(askdata('model', 'suggest', '--data', data, '--tenancy', 'none', '--model', model, '--accept', START, '--reject', START)).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('both accepted and rejected') });
    await expect(askdata('model', 'suggest', '--data', data, '--tenancy', 'none', '--reject', START)).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('name it with --model') });
    await expect(askdata('model', 'suggest', '--data', data, '--tenancy', 'none', '--model', join(dir, 'model.json'), '--accept', START)).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('must be a YAML model file') });
    await expect(askdata('model', 'suggest', '--tenancy', 'none')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('--data is required') });
    expect(existsSync(join(dir, 'other.reading-decisions.json'))).toBe(false);
    writeFileSync(join(dir, 'other.reading-decisions.json'), '{"version": 2}');
    await expect(askdata('model', 'suggest', '--data', data, '--tenancy', 'none', '--model', model)).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('is not a reading-decisions file') });
  }, 120_000);
});
