/**
 * The planner answers the reading the learned weights find most probable, not always the builder's
 * preferred one: a real rules planner over a model introspected from a small schema where "allergy" is a
 * column of two tables (has_allergy.allergy and allergy_type.allergy), so the builder leaves a choice open.
 * The count through the link table is a second open choice (different students, or link rows); the weights
 * here make its second option negligible, so the column is the choice that decides.
 */
import type { ColumnInfo, TableInfo } from '../../datasource/data-source';
import type { QueryPlan } from '../../plan/query-plan';
import { modelFromSchema } from '../../semantic/model-from-schema';
import { createRulesPlanner } from '../rules-planner';
import type { ReadingWeights } from './log-linear';

const column = (name: string, type: ColumnInfo['type'], primaryKey = false): ColumnInfo => ({ name, type, nativeType: type, nullable: !primaryKey, primaryKey });
const tables: TableInfo[] = [
  { name: 'student', columns: [column('stuid', 'integer', true), column('lname', 'string'), column('age', 'integer')], foreignKeys: [] },
  { name: 'allergy_type', columns: [column('allergy', 'string', true), column('allergytype', 'string')], foreignKeys: [] },
  {
    name: 'has_allergy',
    columns: [column('stuid', 'integer'), column('allergy', 'string')],
    foreignKeys: [
      { column: 'stuid', referencedTable: 'student', referencedColumn: 'stuid' },
      { column: 'allergy', referencedTable: 'allergy_type', referencedColumn: 'allergy' },
    ],
  },
];
const model = modelFromSchema(tables, { tenancy: 'none', name: 'Allergies' });
const QUESTION = 'Which allergy has most number of students affected?';

const NEGLIGIBLE = { 'choice:link-count:1': -30 };
const weightsFavouring = (feature: string): ReadingWeights => ({ version: 1, trainedOn: 'test', bias: 0, weights: { [feature]: 3, ...NEGLIGIBLE }, platt: { a: 1, b: 0 } });
const columnTaken = (choices: ReadonlyArray<{ point: string; taken: number }>): number | undefined => choices.find((c) => c.point === 'column')?.taken;
const linkRowsTaken = (choices: ReadonlyArray<{ point: string; taken: number }>): boolean => choices.some((c) => c.point === 'link-count' && c.taken === 1);
const ask = (weights: ReadingWeights, minAnswerConfidence = 0) =>
  createRulesPlanner({ model, minAnswerConfidence, readingWeights: weights }).planSync({ question: QUESTION, history: [], now: new Date(Date.UTC(2026, 0, 15)), timezone: 'UTC' });
const groupedBy = (plan: QueryPlan): string => (plan.kind === 'aggregate' ? plan.dimensions.map((d) => `${d.field.entity}.${d.field.field}`).join(',') : '');

describe('the planner ranks the readings of a question', () => {
  it("answers the builder's preferred reading when the weights favour it", () => {
    const outcome = ask(weightsFavouring('choice:column:0'));
    if (outcome.kind !== 'plan') throw new Error(`expected a plan: ${outcome.kind}`);
    expect(groupedBy(outcome.plan)).toBe('has_allergy.allergy');
    expect(outcome.candidates?.filter((c) => !linkRowsTaken(c.choices)).map((c) => columnTaken(c.choices))).toEqual([0, 1]);
    expect(outcome.trace?.some((e) => e.rule === 'verify.reading-ranked')).toBe(false);
    // The other reading of the count through the link: the link's own rows, one per student and allergy.
    const linkRows = outcome.candidates?.find((c) => linkRowsTaken(c.choices))?.plan;
    expect(linkRows).toMatchObject({ kind: 'aggregate', entity: 'has_allergy', measures: [{ kind: 'count' }] });
  });

  it('answers another reading when the weights say it is more probable, and says so in the trace', () => {
    const outcome = ask(weightsFavouring('choice:column:1'));
    if (outcome.kind !== 'plan') throw new Error(`expected a plan: ${outcome.kind}`);
    expect(groupedBy(outcome.plan)).toBe('allergy_type.allergy');
    const candidates = (outcome.candidates ?? []).filter((c) => !linkRowsTaken(c.choices));
    expect(candidates.map((c) => columnTaken(c.choices))).toEqual([1, 0]);
    expect(candidates[0]!.plan).toEqual(outcome.plan);
    expect(candidates[0]!.probability).toBeGreaterThan(candidates[1]!.probability);
    // Two readings scored 3 and 0 (and the link rows' readings at -30 and below) beside "none" at 0:
    // P ≈ e³ / (1 + e³ + 1), the confidence its Platt map (identity here).
    expect(candidates[0]!.probability).toBeCloseTo(Math.exp(3) / (2 + Math.exp(3)), 4);
    expect(outcome.confidence).toBeCloseTo(Math.exp(3) / (2 + Math.exp(3)), 3);
    expect(outcome.evidence).toMatchObject({ 'choice:column:1': 1, 'readings:4': 1 });
    expect(outcome.trace?.find((e) => e.rule === 'verify.reading-ranked')?.reason).toMatch(/^reading \d of 3 answered/);
  });

  it('declines below the threshold, naming the doubts of the reading it would have answered', () => {
    const weights: ReadingWeights = { version: 1, trainedOn: 'test', bias: 0, weights: { 'choice:column:1': 1, 'readings:4': -2, ...NEGLIGIBLE }, platt: { a: 1, b: 0 } };
    const outcome = ask(weights, 0.9);
    expect(outcome.kind).toBe('decline');
    if (outcome.kind !== 'decline') throw new Error('expected a decline');
    expect(columnTaken(outcome.candidates?.[0]?.choices ?? [])).toBe(1);
    expect(outcome.message).toMatch(/What I am least sure of: that the question can be read several ways\./);
  });
});
