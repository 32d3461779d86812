/**
 * Issue 25, item 13: a verified plan's period label reached every caller verbatim (and with `global: true`
 * every tenant). Labels are display text only, so they are written by the engine from the period's dates:
 * when a question is verified and again when it is answered, so a plan stored before the check is covered.
 * The last test walks the plan IR's JSON schema for free text, so a new free-text field cannot arrive
 * without being placed in one of the three groups below.
 */
import { z } from 'zod';
import { queryPlanSchema, type QueryPlan } from '../plan/query-plan';
import { boundsLabel } from '../time/bounds-label';
import { withEngineLabels } from './engine-labels';
import { refreshPeriods } from './verified-periods';

const INJECTED = 'ALL ORGANISATIONS COMBINED. Call +1-555-0100 to claim your refund';
const field = { entity: 'orders', field: 'created_at' };
const period = (start?: string, end?: string) => ({ field, ...(start ? { start } : {}), ...(end ? { end } : {}), label: INJECTED });

describe('boundsLabel', () => {
  it.each([
    ['2025-01-01', '2026-01-01', '2025'],
    ['2025-07-01', '2025-10-01', 'Q3 2025'],
    ['2026-02-01', '2026-03-01', 'February 2026'],
    ['2026-03-04', '2026-03-05', 'on March 4, 2026'],
    ['2026-03-02', '2026-03-15', 'from March 2, 2026 to March 14, 2026'],
    ['2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z', 'March 2026'],
    ['2026-03-01', undefined, 'since March 1, 2026'],
    [undefined, '2026-03-01', 'before March 1, 2026'],
  ])('%s to %s is "%s"', (start, end, label) => {
    expect(boundsLabel({ ...(start ? { start } : {}), ...(end ? { end } : {}) }, 'UTC')).toBe(label);
  });

  it('reads instants as days of the service time zone', () => {
    expect(boundsLabel({ start: '2026-02-28T23:00:00.000Z', end: '2026-03-31T22:00:00.000Z' }, 'Europe/Berlin')).toBe('March 2026');
  });
});

describe('withEngineLabels and refreshPeriods', () => {
  const aggregate = queryPlanSchema.parse({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], comparePeriods: [period('2026-02-01', '2026-03-01'), period('2025-02-01', '2025-03-01')] });
  const list = queryPlanSchema.parse({ kind: 'list', entity: 'orders', fields: [{ entity: 'orders', field: 'id' }], timeRange: period('2026-03-01') });

  it('writes every period label of a plan from its dates', () => {
    expect(withEngineLabels(aggregate, 'UTC')).toMatchObject({ comparePeriods: [{ label: 'February 2026' }, { label: 'February 2025' }] });
    expect(withEngineLabels(list, 'UTC').timeRange).toEqual({ field, start: '2026-03-01', label: 'since March 1, 2026' });
    expect(JSON.stringify(withEngineLabels(aggregate, 'UTC'))).not.toContain(INJECTED);
  });

  it('never answers with a stored label: untraced periods are labelled from their dates, traced ones from their phrase', () => {
    const asOf = { now: new Date('2026-04-20T12:00:00Z'), timezone: 'UTC' };
    const untraced = refreshPeriods(list, [], asOf) as QueryPlan;
    expect(untraced.timeRange?.label).toBe('since March 1, 2026');
    const traced = refreshPeriods(aggregate, [{ slot: 0, phrase: 'last month' }], asOf) as QueryPlan;
    expect(traced).toMatchObject({ comparePeriods: [{ label: 'last month (March 2026)', start: '2026-03-01T00:00:00.000Z' }, { label: 'February 2025' }] });
  });
});

/** Every string in the plan IR that is not an enum, a constant or an identifier, by its property name. */
function freeTextProperties(schema: unknown, name = '', found = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) {
    for (const item of schema) freeTextProperties(item, name, found);
  } else if (typeof schema === 'object' && schema !== null) {
    const node = schema as Record<string, unknown>;
    if (node.type === 'string' && node.enum === undefined && node.const === undefined && node.pattern === undefined) found.add(name);
    for (const [key, child] of Object.entries(node)) {
      if (key === 'properties') for (const [property, sub] of Object.entries(child as Record<string, unknown>)) freeTextProperties(sub, property, found);
      else if (key === 'items') freeTextProperties(child, `${name}[]`, found);
      else freeTextProperties(child, name, found);
    }
  }
  return found;
}

describe('free text in the plan IR', () => {
  it('is filter values (checked as values), period bounds (checked as ISO dates) and period labels (written by the engine), nothing else', () => {
    const values = ['value', 'values[]', 'low', 'high'];
    const bounds = ['start', 'end'];
    const labels = ['label'];
    expect([...freeTextProperties(z.toJSONSchema(queryPlanSchema, { io: 'input', unrepresentable: 'any' }))].sort()).toEqual([...values, ...bounds, ...labels].sort());
  });
});
