/** A model measure that is a ratio of two measures of its entity: loading, its checks, and how it compiles. */
import { testDialect } from '../../test/support/test-dialect';
import { CoreError } from '../errors/core-error';
import { validatePlan } from '../plan/validate-plan';
import { resolveTenantScope } from '../scope/resolve-tenant-scope';
import { scopePlan } from '../scope/scope-plan';
import { compileQuery } from '../sql/compile-query';
import { parseModelText } from './load-model-file';
import { modelToFile } from './scaffold-model-file';

const sessions = (measures: string): string => `
tenancy: none
entities:
  sessions:
    fields:
      id: { type: integer }
      orders_placed: { type: integer }
      visits: { type: integer }
      started_at: { type: datetime }
    measures:
      orders: { aggregation: sum, expression: orders_placed }
      visit_count: { aggregation: sum, expression: visits }
      median_visits: { aggregation: median, expression: visits }
${measures}`;

const load = (measures: string) => parseModelText(sessions(measures), 'model.yaml');

function issuesOf(measures: string): string[] {
  try {
    load(measures);
  } catch (error) {
    if (error instanceof CoreError) return error.message.split('\n').slice(1).map((line) => line.trim());
    throw error;
  }
  throw new Error('expected the model to be invalid');
}

describe('a ratio measure', () => {
  it('loads as numerator over denominator, non-additive like an average, in the format it declares', () => {
    const model = load('      conversion_rate: { ratio: { numerator: orders, denominator: visit_count }, format: percent, synonyms: [cvr] }');
    expect(model.entities.sessions?.measures.conversion_rate).toEqual({
      name: 'conversion_rate', entity: 'sessions', label: 'conversion rate', synonyms: ['cvr'], aggregation: 'avg', ratio: { numerator: 'orders', denominator: 'visit_count' }, format: 'percent',
    });
  });

  it('compiles to the plan IR\'s ratio: decimal numerator over the denominator, NULL on zero', () => {
    const model = load('      conversion_rate: { ratio: { numerator: orders, denominator: visit_count } }');
    const plan = validatePlan({ kind: 'aggregate', entity: 'sessions', measures: [{ kind: 'model', entity: 'sessions', measure: 'conversion_rate' }] }, model);
    const query = compileQuery(scopePlan(plan, model, resolveTenantScope(model, {})), model, testDialect({ median: false }), { maxRows: 10 });
    expect(query.sql).toContain('decimal(sum("sessions"."orders_placed")) / nullif(sum("sessions"."visits"), 0)');
  });

  it('is refused as the whole of a share (a ratio is not part of a whole)', () => {
    const model = load('      conversion_rate: { ratio: { numerator: orders, denominator: visit_count } }');
    const share = { kind: 'aggregate', entity: 'sessions', measures: [{ kind: 'share', of: { kind: 'model', entity: 'sessions', measure: 'conversion_rate' }, where: [{ op: 'gt', field: { entity: 'sessions', field: 'visits' }, value: 1 }] }] };
    expect(() => validatePlan(share, model)).toThrow(expect.objectContaining({ code: 'PLAN_INVALID' }));
  });

  it('is refused where a part is a median and the dialect has none', () => {
    const model = load('      per_visit: { ratio: { numerator: orders, denominator: median_visits } }');
    const plan = { kind: 'aggregate', entity: 'sessions', measures: [{ kind: 'model', entity: 'sessions', measure: 'per_visit' }] };
    expect(() => validatePlan(plan, model, { dialect: testDialect({ median: false }) })).toThrow(expect.objectContaining({ code: 'PLAN_INVALID' }));
    expect(() => validatePlan(plan, model, { dialect: testDialect({ median: true }) })).not.toThrow();
  });

  it('names every problem with its path: unknown parts, a ratio of a ratio, an aggregation or expression beside it, neither', () => {
    const issues = issuesOf(`      a: { ratio: { numerator: orders, denominator: nope } }
      b: { ratio: { numerator: a, denominator: orders } }
      c: { ratio: { numerator: orders, denominator: visit_count }, aggregation: sum }
      d: { ratio: { numerator: orders, denominator: visit_count }, expression: visits }
      e: { format: number }`);
    expect(issues).toEqual(expect.arrayContaining([
      expect.stringContaining('entities.sessions.measures.c.ratio: a ratio takes no aggregation'),
      expect.stringContaining('entities.sessions.measures.d.ratio: a ratio takes no expression'),
      expect.stringContaining('entities.sessions.measures.e.aggregation: a measure needs an aggregation'),
    ]));
    // The part checks run once the file's shape is valid.
    const parts = issuesOf(`      a: { ratio: { numerator: orders, denominator: nope } }
      b: { ratio: { numerator: a, denominator: orders } }`);
    expect(parts).toEqual([
      expect.stringContaining('entities.sessions.measures.a.ratio.denominator: unknown measure "nope"'),
      expect.stringContaining('entities.sessions.measures.b.ratio.numerator: "a" is a ratio itself'),
    ]);
  });

  it('reads in its numerator\'s unit unless it states a format (counts over counts are decimals)', () => {
    const model = parseModelText(sessions('      per_visit: { ratio: { numerator: orders, denominator: visit_count } }').replace('orders_placed: { type: integer }', 'orders_placed: { type: number, format: currency }'), 'model.yaml');
    expect(model.entities.sessions?.measures.per_visit?.format).toBe('currency');
    expect(load('      per_visit: { ratio: { numerator: orders, denominator: visit_count } }').entities.sessions?.measures.per_visit?.format).toBe('number');
  });

  it('is written back to a model file as a ratio', () => {
    const model = load('      conversion_rate: { ratio: { numerator: orders, denominator: visit_count }, format: percent }');
    expect(modelToFile(model).entities.sessions?.measures?.conversion_rate).toEqual({ ratio: { numerator: 'orders', denominator: 'visit_count' }, format: 'percent' });
  });
});
