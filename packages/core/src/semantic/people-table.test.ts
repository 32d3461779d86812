import type { ColumnInfo, TableInfo } from '../datasource/data-source';
import { modelFileFromSchema, modelFromSchema } from './model-from-schema';
import { createRulesPlanner } from '../nl/rules-planner';
import { createValueIndex } from '../nl/lex/value-index';

const column = (name: string, type: ColumnInfo['type'], primaryKey = false): ColumnInfo => ({ name, type, nativeType: type, nullable: !primaryKey, primaryKey });
const table = (name: string, columns: ColumnInfo[]): TableInfo => ({ name, columns: [column(`${name}_id`, 'integer', true), ...columns], foreignKeys: [] });
const options = { tenancy: 'none', source: 'fixture' } as const;

const employees = table('employees', [column('first_name', 'string'), column('last_name', 'string'), column('hire_date', 'date'), column('job_title', 'string')]);
const departments = table('departments', [column('department_name', 'string')]);
const customers = table('customers', [column('first_name', 'string'), column('last_name', 'string')]);

const planFor = (tables: TableInfo[], question: string) => {
  const planner = createRulesPlanner({ model: modelFromSchema(tables, options), valueIndex: createValueIndex([]) });
  return planner.planSync({ question, history: [], now: new Date('2026-06-01T00:00:00Z'), timezone: 'UTC' });
};

describe('roles.people-table: "people" means the workforce when it is the only table of people', () => {
  it('names the employees "people", with the evidence', () => {
    expect(modelFromSchema([employees, departments], options).entities.employees?.synonyms).toEqual(expect.arrayContaining(['people', 'person', 'workforce']));
    const { readings } = modelFileFromSchema([employees, departments], options);
    expect(readings).toContainEqual(expect.objectContaining({ rule: 'roles.people-table', entity: 'employees', evidence: expect.stringContaining('only table of people') }));
  });

  it('counts the employees for "how many people work for us", and says why', () => {
    const outcome = planFor([employees, departments], 'How many people work for us?');
    expect(outcome.kind).toBe('plan');
    if (outcome.kind !== 'plan') return;
    expect(outcome.plan).toMatchObject({ kind: 'aggregate', entity: 'employees', dimensions: [] });
    expect(outcome.trace).toContainEqual(expect.objectContaining({ rule: 'roles.people-table', chosen: true }));
  });

  it('names nobody "people" beside a second table of people: employees or customers?', () => {
    expect(modelFromSchema([employees, customers], options).entities.employees?.synonyms ?? []).not.toContain('people');
    expect(planFor([employees, customers], 'How many people work for us?').kind).not.toBe('plan');
  });

  it('names nobody "people" beside visitors, or beside any table of first and last names', () => {
    const staff = table('staff', [column('staff_name', 'string')]);
    expect(modelFromSchema([staff, table('visitors', [column('visitor_details', 'string')])], options).entities.staff?.synonyms ?? []).not.toContain('people');
    expect(modelFromSchema([staff, table('bookings', [column('first_name', 'string'), column('last_name', 'string')])], options).entities.staff?.synonyms ?? []).not.toContain('people');
  });

  it('does not call customers the workforce when they are the only people', () => {
    expect(modelFromSchema([customers, departments], options).entities.customers?.synonyms ?? []).not.toContain('people');
  });
});
