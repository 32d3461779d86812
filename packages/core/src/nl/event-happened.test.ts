/**
 * build.event-happened: a date the question names by its event's verb, with no period to use it for, says the
 * event happened ("how many tickets were closed" counts the closed ones, not every ticket).
 */
import type { ColumnInfo, TableInfo } from '../datasource/data-source';
import { modelFromSchema } from '../semantic/model-from-schema';
import { createRulesPlanner } from './rules-planner';
import { NOW } from '../../test/support/demo-model';
import { summarise } from '../../test/support/summarise';

const column = (name: string, type: ColumnInfo['type'], primaryKey = false): ColumnInfo => ({ name, type, nativeType: type, nullable: !primaryKey, primaryKey });
const tables: TableInfo[] = [
  { name: 'tickets', columns: [column('ticket_id', 'integer', true), column('opened_at', 'datetime'), column('closed_at', 'datetime'), column('priority', 'string')], foreignKeys: [] },
  { name: 'enrolments', columns: [column('enrolment_id', 'integer', true), column('course', 'string'), column('date_of_enrolment', 'date'), column('date_of_completion', 'date')], foreignKeys: [] },
];
const planner = createRulesPlanner({ model: modelFromSchema(tables, { tenancy: 'none', source: 'fixture' }), minAnswerConfidence: 0 });
const ask = (question: string) => {
  const outcome = planner.planSync({ question, history: [], now: NOW, timezone: 'UTC' });
  if (outcome.kind !== 'plan') throw new Error(`${question}: ${outcome.kind} ${outcome.message}`);
  return summarise(outcome.plan);
};

describe('a date named by its event with no period: the event happened', () => {
  it('counts the rows whose date is set', () => {
    expect(ask('how many tickets were closed')).toMatchObject({ measures: ['ticket_count'], filters: ['tickets.closed_at is_not_null'] });
  });

  it('counts by the months the event happened in, never a month for the rows it has not happened to', () => {
    expect(ask('how many tickets were closed each month')).toMatchObject({ dims: ['tickets.closed_at/month'], filters: ['tickets.closed_at is_not_null'] });
  });

  it('uses a period when there is one, and adds nothing', () => {
    const summary = ask('how many tickets were closed in March 2026');
    expect(summary.filters).toEqual([]);
    expect(summary.time).toMatch(/^closed_at 2026-03-01/);
  });

  it('reads only a verb so: a date named by a noun ("date of completion") is not taken to mean it is set', () => {
    const outcome = planner.planSync({ question: 'how many enrolments by date of completion', history: [], now: NOW, timezone: 'UTC' });
    const filters = outcome.kind === 'plan' ? summarise(outcome.plan).filters : [];
    expect(filters).not.toContain('enrolments.date_of_completion is_not_null');
    expect(ask('how many enrolments were completed')).toMatchObject({ filters: ['enrolments.date_of_completion is_not_null'] });
  });
});
