import type { ColumnInfo, TableInfo } from '../datasource/data-source';
import { modelFileFromSchema, modelFromSchema } from './model-from-schema';
import { createRulesPlanner } from '../nl/rules-planner';
import { createValueIndex } from '../nl/lex/value-index';

const column = (name: string, type: ColumnInfo['type'], primaryKey = false): ColumnInfo => ({ name, type, nativeType: type, nullable: !primaryKey, primaryKey });
const key = (name: string): ColumnInfo => column(name, 'integer', true);
const pointer = (from: string, table: string, to: string) => ({ column: from, referencedTable: table, referencedColumn: to });
const options = { tenancy: 'none', source: 'fixture' } as const;

const employees: TableInfo = { name: 'Employees', columns: [key('employee_id'), column('employee_name', 'string'), column('employee_address_id', 'integer')], foreignKeys: [pointer('employee_address_id', 'Addresses', 'address_id')] };
const addresses: TableInfo = { name: 'Addresses', columns: [key('address_id'), column('city', 'string')], foreignKeys: [] };
const routes: TableInfo = { name: 'Delivery_Routes', columns: [key('route_id'), column('route_name', 'string')], foreignKeys: [] };
const deliveries: TableInfo = {
  name: 'Order_Deliveries',
  columns: [key('delivery_id'), column('driver_employee_id', 'integer'), column('route_id', 'integer'), column('delivery_date', 'datetime')],
  foreignKeys: [pointer('driver_employee_id', 'Employees', 'employee_id'), pointer('route_id', 'Delivery_Routes', 'route_id')],
};

const planFor = (tables: TableInfo[], question: string) => {
  const planner = createRulesPlanner({ model: modelFromSchema(tables, options), valueIndex: createValueIndex([]) });
  return planner.planSync({ question, history: [], now: new Date('2026-06-01T00:00:00Z'), timezone: 'UTC' });
};

describe('roles.column-role: a key column names the person it points at by the part they play', () => {
  it('gives the relation back its own name when its owner rejected the reading', () => {
    const rejected = { ...options, rejectedReadings: ['roles.column-role:order_deliveries.driver_employee_id'] };
    const model = modelFromSchema([employees, addresses, routes, deliveries], rejected);
    expect(model.relations.find((r) => r.fromField === 'driver_employee_id')?.name).toBe('driver employee');
    expect(modelFileFromSchema([employees, addresses, routes, deliveries], rejected).readings.map((r) => r.rule)).not.toContain('roles.column-role');
  });

  it('calls the employee of driver_employee_id "driver", with the evidence', () => {
    const model = modelFromSchema([employees, addresses, routes, deliveries], options);
    expect(model.relations.find((r) => r.fromField === 'driver_employee_id')?.name).toBe('driver');
    const { readings } = modelFileFromSchema([employees, addresses, routes, deliveries], options);
    expect(readings).toContainEqual(expect.objectContaining({ rule: 'roles.column-role', entity: 'order_deliveries', field: 'driver_employee_id', target: 'employees', words: ['driver'], evidence: expect.stringContaining('driver employee') }));
  });

  it('answers "which driver made the most deliveries" by counting deliveries per employee, and says why', () => {
    const outcome = planFor([employees, addresses, routes, deliveries], 'Which driver has made the most deliveries?');
    expect(outcome.kind).toBe('plan');
    if (outcome.kind !== 'plan') return;
    expect(outcome.plan).toMatchObject({ kind: 'aggregate', entity: 'order_deliveries', measures: [expect.objectContaining({})], dimensions: [{ field: { entity: 'employees', field: 'employee_name' } }], limit: 1 });
    expect(JSON.stringify(outcome.plan)).not.toContain('delivery_routes');
    expect(outcome.trace).toContainEqual(expect.objectContaining({ rule: 'roles.column-role', chosen: true, reason: expect.stringContaining('confidence 0.85') }));
  });

  it('declines a role read as the whole table of people: "how many drivers" is not every employee', () => {
    const outcome = planFor([employees, addresses, routes, deliveries], 'How many drivers do we have?');
    expect(outcome.kind).not.toBe('plan');
    expect(outcome.trace).toContainEqual(expect.objectContaining({ rule: 'verify.role-without-its-rows' }));
  });

  it('gives no role where the column says what was done, not who did it ("recorded_by_staff_id")', () => {
    const staff: TableInfo = { name: 'Staff', columns: [key('staff_id'), column('staff_name', 'string')], foreignKeys: [] };
    const faults: TableInfo = { name: 'Fault_Log', columns: [key('fault_log_entry_id'), column('recorded_by_staff_id', 'integer')], foreignKeys: [pointer('recorded_by_staff_id', 'Staff', 'staff_id')] };
    const { readings } = modelFileFromSchema([staff, faults], options);
    expect(readings.filter((r) => r.rule === 'roles.column-role')).toEqual([]);
  });

  it('gives no role to a key that points at something other than people ("employee_address_id" stays the address)', () => {
    const model = modelFromSchema([employees, addresses], options);
    expect(model.relations.find((r) => r.fromField === 'employee_address_id')?.name).toBe('employee address');
  });

  it('invents no role the schema does not name: orders that point at no employee have no salesperson', () => {
    const customers: TableInfo = { name: 'Customers', columns: [key('customer_id'), column('customer_name', 'string')], foreignKeys: [] };
    const orders: TableInfo = { name: 'Orders', columns: [key('order_id'), column('customer_id', 'integer'), column('order_date', 'datetime')], foreignKeys: [pointer('customer_id', 'Customers', 'customer_id')] };
    expect(planFor([customers, orders, employees, addresses], 'Which salesperson closed the most orders?').kind).not.toBe('plan');
  });

  it('reads "look after" as the role\'s own link, not "after" a date: customers per support rep', () => {
    const reps: TableInfo = { name: 'employees', columns: [key('id'), column('first_name', 'string'), column('last_name', 'string')], foreignKeys: [] };
    const clients: TableInfo = { name: 'customers', columns: [key('id'), column('company', 'string'), column('support_rep_id', 'integer')], foreignKeys: [pointer('support_rep_id', 'employees', 'id')] };
    const outcome = planFor([reps, clients], 'How many customers does each support rep look after?');
    expect(outcome.kind).toBe('plan');
    if (outcome.kind === 'plan') expect(outcome.plan).toMatchObject({ kind: 'aggregate', entity: 'customers', filters: [], dimensions: [{ field: { entity: 'employees' } }] });
  });
});
