import type { ColumnInfo, TableInfo } from '../datasource/data-source';
import { modelFileFromSchema, modelFromSchema } from './model-from-schema';

const column = (name: string, type: ColumnInfo['type'], primaryKey = false): ColumnInfo => ({ name, type, nativeType: type, nullable: !primaryKey, primaryKey });
const table = (name: string, columns: ColumnInfo[]): TableInfo => ({ name, columns: [column(`${name}_id`, 'integer', true), ...columns], foreignKeys: [] });
const options = { tenancy: 'none', source: 'fixture' } as const;

describe('money.verb: a money column answers to the verbs of the money it holds', () => {
  it('names a payment amount "paid", an outstanding amount "owe" and a salary "earns", with the evidence', () => {
    const tables = [
      table('customer_payments', [column('amount_payment', 'number'), column('payment_method_code', 'string')]),
      table('customers', [column('amount_outstanding', 'number'), column('first_name', 'string')]),
    ];
    const { file, readings } = modelFileFromSchema(tables, options);
    expect(file.entities.customer_payments!.fields.amount_payment!.synonyms).toEqual(expect.arrayContaining(['paid', 'pay']));
    expect(file.entities.customers!.fields.amount_outstanding!.synonyms).toEqual(expect.arrayContaining(['owe', 'owes']));
    expect(readings).toContainEqual(expect.objectContaining({ rule: 'money.verb', entity: 'customers', field: 'amount_outstanding', confidence: 0.85 }));
    const staff = modelFromSchema([table('staff', [column('salary', 'number')]), ...tables], options).entities.staff!.fields.salary!;
    expect(staff.synonyms).toEqual(expect.arrayContaining(['earns', 'payroll']));
    // "paid" and "pay" are both the payment's and the salary's: neither column takes them.
    expect(staff.synonyms).not.toContain('paid');
  });

  it('gives a verb to no column when two tables hold that money, and never to a code, a key or a bound', () => {
    const model = modelFromSchema(
      [
        table('payments', [column('amount_paid', 'number'), column('payment_type_code', 'string')]),
        table('refunds', [column('amount_payment', 'number')]),
        table('jobs', [column('min_salary', 'number'), column('max_salary', 'number')]),
        table('employees', [column('salary', 'number')]),
      ],
      options,
    );
    expect(model.entities.payments!.fields.amount_paid!.synonyms).not.toContain('pay');
    expect(model.entities.refunds!.fields.amount_payment!.synonyms).not.toContain('pay');
    expect(model.entities.payments!.fields.payment_type_code!.synonyms).not.toContain('paid');
    // A job's lowest and highest salary are limits, not what anyone earns: "earns" is the employees' salary.
    expect(model.entities.jobs!.fields.min_salary!.synonyms).not.toContain('earns');
    expect(model.entities.employees!.fields.salary!.synonyms).toContain('earns');
  });
});
