/**
 * Column comments name columns: a PostgreSQL database whose columns are abbreviated (t_fed_rev) but
 * commented (COMMENT ON COLUMN ... 'total federal revenue') answers questions in the comment's words,
 * through the model the app introspects at start-up.
 */
import { Client } from 'pg';
import { toV1Answer } from '@askdata/contract';
import { answerQuestion, resolveTenantScope } from '@askdata/core';
import { createAnswerDeps, type BuiltAnswerDeps } from '@askdata/service';
import { createTestDatabase, type TestDatabase } from '../../test-support/postgres';

let database: TestDatabase;
let deps: BuiltAnswerDeps;

beforeAll(async () => {
  database = await createTestDatabase('unseen_comments');
  const client = new Client({ connectionString: database.url });
  await client.connect();
  await client.query(`
    create table dist (dist_id integer primary key, dist_nm text, st_cd text, t_fed_rev integer);
    comment on table dist is 'school districts';
    comment on column dist.dist_nm is 'district name';
    comment on column dist.st_cd is 'state code';
    comment on column dist.t_fed_rev is 'total federal revenue';
    insert into dist values (1, 'Alder', 'WI', 500), (2, 'Birch', 'WI', 700), (3, 'Cedar', 'VA', 900);
  `);
  await client.end();
  deps = await createAnswerDeps({ dataSourceUrl: database.url, tenancy: 'none', timezone: 'UTC', maxRows: 100, timeoutMs: 10_000 });
}, 60_000);
afterAll(async () => {
  await deps?.close();
  await database?.drop();
});

const ask = async (question: string) => toV1Answer((await answerQuestion(deps, { question, scope: resolveTenantScope(deps.model, {}), history: [] })).answer, { id: 'a', conversationId: 'c' });

describe('PostgreSQL column comments name the columns', () => {
  it('introspects comments as descriptions', () => {
    const entity = deps.model.entities.dist;
    expect(entity?.description).toBe('school districts');
    expect(entity?.fields.t_fed_rev?.description).toBe('total federal revenue');
  });

  it('answers in the words of the comments', async () => {
    const listed = await ask('List the district names and total federal revenue of districts with state code WI.');
    expect(listed.table?.headers).toEqual(expect.arrayContaining(['District name', 'Total federal revenue']));
    expect(listed.table?.rows.map((row) => row.join('|'))).toEqual(expect.arrayContaining([expect.stringContaining('Alder'), expect.stringContaining('Birch')]));
    const summed = await ask('What is the average total federal revenue of school districts?');
    expect(summed.type).toBe('text');
    expect(summed.message).toContain('700');
  });
});
