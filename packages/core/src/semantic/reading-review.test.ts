import type { ColumnInfo, TableInfo } from '../datasource/data-source';
import type { BusinessReading } from './business-reading';
import { modelFileFromSchema, modelFromSchema } from './model-from-schema';
import type { ModelFileInput } from './model-schema';
import { readingId, snapshotEntities, withdrawRejected } from './reading-review';

const column = (name: string, type: ColumnInfo['type'], primaryKey = false): ColumnInfo => ({ name, type, nativeType: type, nullable: !primaryKey, primaryKey });
const table = (name: string, columns: ColumnInfo[]): TableInfo => ({ name, columns: [column(`${name}_id`, 'integer', true), ...columns], foreignKeys: [] });
const options = { tenancy: 'none', source: 'fixture' } as const;
const campaigns = [table('campaigns', [column('campaign_start_date', 'datetime'), column('campaign_end_date', 'datetime'), column('payment_method_code', 'string')])];

describe('review of business readings: a rejected reading is never applied', () => {
  it('names each reading by rule, entity and field', () => {
    const { readings } = modelFileFromSchema(campaigns, options);
    expect(readings.map(readingId)).toEqual(expect.arrayContaining(['dates.event-verb:campaigns.campaign_start_date', 'names.pay-by:campaigns.payment_method_code']));
  });

  it('takes a rejected reading\'s words off its field and leaves the others', () => {
    const rejected = ['dates.event-verb:campaigns.campaign_start_date'];
    const { readings } = modelFileFromSchema(campaigns, { ...options, rejectedReadings: rejected });
    expect(readings.map(readingId)).not.toContain(rejected[0]);
    const model = modelFromSchema(campaigns, { ...options, rejectedReadings: rejected });
    expect(model.entities.campaigns?.fields.campaign_start_date?.synonyms ?? []).not.toContain('started');
    // The other readings stay, on this field's neighbour and on the payment column.
    expect(model.entities.campaigns?.fields.campaign_end_date?.synonyms).toContain('ended');
    expect(model.entities.campaigns?.fields.payment_method_code?.synonyms).toContain('pay by');
    expect(model.readings?.map(readingId)).toContain('dates.event-verb:campaigns.campaign_end_date');
  });

  it('ignores an id no reading has (a schema that changed since)', () => {
    const model = modelFromSchema(campaigns, { ...options, rejectedReadings: ['dates.event-verb:gone.gone'] });
    expect(model.entities.campaigns?.fields.campaign_start_date?.synonyms).toContain('started');
  });

  describe('withdrawing without knowing the rule', () => {
    const entities = (): Record<string, ModelFileInput['entities'][string]> => ({
      sales: { table: 'sales', fields: { amount: { type: 'number', synonyms: ['sum'] } }, measures: { sale_count: { aggregation: 'count', synonyms: ['sales'] } }, defaultMeasure: 'sale_count' },
    });
    const moneyReading: BusinessReading = { rule: 'money.revenue', entity: 'sales', field: 'revenue', words: ['revenue', 'takings'], evidence: 'a currency amount on a sales table', confidence: 0.9 };
    const wordReading: BusinessReading = { rule: 'money.amount-words', entity: 'sales', field: 'amount', words: ['sum', 'value'], evidence: 'an amount', confidence: 0.8 };

    it('removes a measure a rejected reading wrote, and the default it took', () => {
      const now = entities();
      const before = snapshotEntities(now);
      now.sales!.measures!.revenue = { aggregation: 'sum', expression: 'amount', synonyms: ['revenue', 'takings'] };
      now.sales!.defaultMeasure = 'revenue';
      const kept = withdrawRejected(now, before, [moneyReading], [readingId(moneyReading)]);
      expect(kept).toEqual([]);
      expect(now.sales!.measures!.revenue).toBeUndefined();
      expect(now.sales!.defaultMeasure).toBe('sale_count');
    });

    it('keeps a word the field had before the rule ran', () => {
      const now = entities();
      const before = snapshotEntities(now);
      now.sales!.fields.amount!.synonyms = ['sum', 'value'];
      withdrawRejected(now, before, [wordReading], [readingId(wordReading)]);
      expect(now.sales!.fields.amount!.synonyms).toEqual(['sum']);
    });
  });
});
