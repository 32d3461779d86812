import type { ColumnInfo, TableInfo } from '../datasource/data-source';
import { modelFileFromSchema, modelFromSchema } from './model-from-schema';
import { createRulesPlanner } from '../nl/rules-planner';
import { createValueIndex } from '../nl/lex/value-index';

const column = (name: string, type: ColumnInfo['type'], primaryKey = false): ColumnInfo => ({ name, type, nativeType: type, nullable: !primaryKey, primaryKey });
const table = (name: string, columns: ColumnInfo[]): TableInfo => ({ name, columns: [column(`${name}_id`, 'integer', true), ...columns], foreignKeys: [] });
const options = { tenancy: 'none', source: 'fixture' } as const;

describe('dates.event-verb: each date column answers to the verb of its event', () => {
  it('gives a start and an end date "started" and "ended", with the evidence', () => {
    const tables = [table('campaigns', [column('campaign_start_date', 'datetime'), column('campaign_end_date', 'datetime')])];
    const campaigns = modelFromSchema(tables, options).entities.campaigns!;
    expect(campaigns.fields.campaign_start_date?.synonyms).toEqual(expect.arrayContaining(['started', 'began']));
    expect(campaigns.fields.campaign_end_date?.synonyms).toEqual(expect.arrayContaining(['ended', 'finished']));
    const { readings } = modelFileFromSchema(tables, options);
    expect(readings).toContainEqual(expect.objectContaining({ rule: 'dates.event-verb', entity: 'campaigns', field: 'campaign_start_date', evidence: expect.stringContaining('"start"') }));
  });

  it('reads "from" and "to" as a period\'s start and end when a table has both', () => {
    const assignments = modelFromSchema([table('assignments', [column('date_assigned_from', 'datetime'), column('date_assigned_to', 'datetime')])], options).entities.assignments!;
    expect(assignments.fields.date_assigned_from?.synonyms).toContain('started');
    expect(assignments.fields.date_assigned_to?.synonyms).toContain('ended');
  });

  it('does not read a lone "from" or "to" date as a period, nor a date whose name says no event', () => {
    const model = modelFromSchema([table('moves', [column('date_moved_from', 'datetime'), column('entry_date', 'datetime')])], options).entities.moves!;
    expect(model.fields.date_moved_from?.synonyms ?? []).not.toContain('started');
    expect(model.fields.entry_date?.synonyms ?? []).toEqual([]);
  });

  it('names a date called by its participle and a time word by the participle alone ("opened" for opened_at)', () => {
    const tables = [table('tickets', [column('opened_at', 'datetime'), column('closed_at', 'datetime'), column('signed_up_at', 'datetime'), column('due_on', 'date')])];
    const tickets = modelFromSchema(tables, options).entities.tickets!;
    expect(tickets.fields.opened_at?.synonyms).toContain('opened');
    expect(tickets.fields.closed_at?.synonyms).toContain('closed');
    expect(tickets.fields.signed_up_at?.synonyms).toContain('signed up');
    // A date that says when something should happen is no event that happened.
    expect(tickets.fields.due_on?.synonyms ?? []).toEqual([]);
    const { readings } = modelFileFromSchema(tables, options);
    expect(readings).toContainEqual(expect.objectContaining({ rule: 'dates.event-verb', field: 'closed_at', evidence: expect.stringContaining('participle "closed"') }));
  });

  it('leaves the participle of the table\'s own event to the table: "recipes never rated" asks for ratings', () => {
    const ratings = modelFromSchema([table('ratings', [column('rated_on', 'date'), column('stars', 'integer')])], options).entities.ratings!;
    expect(ratings.fields.rated_on?.synonyms ?? []).not.toContain('rated');
  });

  it('gives the participle to neither date when two names hold it, nor where the name is no participle', () => {
    const orders = modelFromSchema([table('orders', [column('shipped_at', 'datetime'), column('shipped_date', 'date'), column('bed_at', 'datetime')])], options).entities.orders!;
    expect(orders.fields.shipped_at?.synonyms ?? []).not.toContain('shipped');
    expect(orders.fields.shipped_date?.synonyms ?? []).not.toContain('shipped');
    expect(orders.fields.bed_at?.synonyms ?? []).toEqual([]);
  });

  it('gives a verb to no date when two dates of one table would both take it', () => {
    const orders = modelFromSchema([table('orders', [column('shipped_date', 'date'), column('ship_by_date', 'date')])], options).entities.orders!;
    expect(orders.fields.ship_by_date?.synonyms ?? []).not.toContain('shipped');
  });

  it('gives no verb to the event the table itself records: "students registered for courses" says the rows are there', () => {
    const registrations = modelFromSchema([table('course_registrations', [column('registration_date', 'datetime'), column('cancellation_date', 'datetime')])], options).entities.course_registrations!;
    expect(registrations.fields.registration_date?.synonyms ?? []).not.toContain('registered');
    expect(registrations.fields.cancellation_date?.synonyms).toContain('cancelled');
  });

  it('puts the reading a question used in its trace: rule, evidence and confidence', () => {
    const model = modelFromSchema([table('campaigns', [column('campaign_start_date', 'datetime'), column('campaign_end_date', 'datetime')])], options);
    const planner = createRulesPlanner({ model, valueIndex: createValueIndex([]) });
    const outcome = planner.planSync({ question: 'How many campaigns started in 2025?', history: [], now: new Date('2026-06-01T00:00:00Z'), timezone: 'UTC' });
    expect(outcome.kind).toBe('plan');
    expect(outcome.trace).toContainEqual(expect.objectContaining({ rule: 'dates.event-verb', chosen: true, reason: expect.stringMatching(/"started" names campaigns\.campaign_start_date: its name says "start" \(confidence 0\.9\)/) }));
  });

  it('reads the day someone became a customer as the day they joined or signed up', () => {
    const customers = modelFromSchema([table('customers', [column('date_became_customer', 'datetime'), column('customer_name', 'string')])], options).entities.customers!;
    expect(customers.fields.date_became_customer?.synonyms).toEqual(expect.arrayContaining(['joined', 'signed up', 'sign up']));
  });
});
