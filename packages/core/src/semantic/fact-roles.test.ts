import type { ColumnInfo, TableInfo } from '../datasource/data-source';
import { modelFileFromSchema, modelFromSchema } from './model-from-schema';
import { createRulesPlanner } from '../nl/rules-planner';
import { createValueIndex } from '../nl/lex/value-index';

const column = (name: string, type: ColumnInfo['type'], primaryKey = false): ColumnInfo => ({ name, type, nativeType: type, nullable: !primaryKey, primaryKey });
const key = (name: string): ColumnInfo => column(name, 'integer', true);
const pointer = (from: string, table: string, to: string) => ({ column: from, referencedTable: table, referencedColumn: to });
const options = { tenancy: 'none', source: 'fixture' } as const;

const staff: TableInfo = { name: 'Staff', columns: [key('staff_id'), column('first_name', 'string'), column('last_name', 'string')], foreignKeys: [] };
const customers: TableInfo = { name: 'Customers', columns: [key('customer_id'), column('first_name', 'string'), column('last_name', 'string')], foreignKeys: [] };
const lessons: TableInfo = {
  name: 'Lessons',
  columns: [key('lesson_id'), column('customer_id', 'integer'), column('staff_id', 'integer'), column('lesson_date', 'datetime'), column('price', 'number')],
  foreignKeys: [pointer('customer_id', 'Customers', 'customer_id'), pointer('staff_id', 'Staff', 'staff_id')],
};

const planFor = (tables: TableInfo[], question: string) => {
  const planner = createRulesPlanner({ model: modelFromSchema(tables, options), valueIndex: createValueIndex([]) });
  return planner.planSync({ question, history: [], now: new Date('2026-06-01T00:00:00Z'), timezone: 'UTC' });
};

describe('roles.fact-verb: the staff member on a fact plays the part its noun implies', () => {
  it('calls the staff of a lesson its "instructor", with the evidence', () => {
    const { file, readings } = modelFileFromSchema([staff, customers, lessons], options);
    expect(file.relations?.find((r) => r.from === 'lessons.staff_id')?.name).toBe('instructor');
    expect(readings).toContainEqual(expect.objectContaining({ rule: 'roles.fact-verb', entity: 'lessons', field: 'staff_id', target: 'staff', words: ['instructor'] }));
  });

  it('counts lessons per staff member for "how many lessons has each instructor taught"', () => {
    const outcome = planFor([staff, customers, lessons], 'How many lessons has each instructor taught?');
    expect(outcome.kind).toBe('plan');
    if (outcome.kind !== 'plan') return;
    expect(outcome.plan).toMatchObject({ kind: 'aggregate', entity: 'lessons', dimensions: [{ field: { entity: 'staff' } }] });
    expect(outcome.trace).toContainEqual(expect.objectContaining({ rule: 'roles.fact-verb', chosen: true }));
  });

  it('declines "how many instructors": not every member of staff teaches', () => {
    expect(planFor([staff, customers, lessons], 'How many instructors are there?').kind).not.toBe('plan');
  });

  it('gives the customer of a lesson no role: only the workforce plays one', () => {
    const { file } = modelFileFromSchema([staff, customers, lessons], options);
    expect(file.relations?.find((r) => r.from === 'lessons.customer_id')?.name).toBe('customer');
  });

  it('gives no role where two members of staff are on one fact: which one is the instructor?', () => {
    const twoStaff: TableInfo = { ...lessons, columns: [...lessons.columns, column('backup_staff_id', 'integer')], foreignKeys: [...lessons.foreignKeys, pointer('backup_staff_id', 'Staff', 'staff_id')] };
    const { readings } = modelFileFromSchema([staff, customers, twoStaff], options);
    expect(readings.filter((r) => r.rule === 'roles.fact-verb')).toEqual([]);
  });

  it('invents no instructor where lessons point at no staff', () => {
    const alone: TableInfo = { ...lessons, columns: lessons.columns.filter((c) => c.name !== 'staff_id'), foreignKeys: lessons.foreignKeys.filter((fk) => fk.column !== 'staff_id') };
    expect(planFor([staff, customers, alone], 'How many lessons has each instructor taught?').kind).not.toBe('plan');
  });
});
