/**
 * Stored entries -> what the pipeline applies. Every entry is checked against the model as it is loaded,
 * with the same checks a new one passes: a word's meaning must name something the model declares, a
 * verified plan must fit the model's own plan schema, and a global verified plan may hold no tenant's text
 * value. An entry that fails (the model changed since, or it was stored before a check existed:
 * "orders.constructor", a measure named "toString", a value nested in a related filter) is left out and
 * reported, never applied: one broken entry must not take answering down, for its tenant or any other.
 */
import { CoreError, meaningSchema, periodSlotSchema, planTextValues, resolveMeaning, termProblem, validatePlan, type SemanticModel, type TaughtTerm, type VerifiedPhrasing } from '@askdata/core';
import type { VerifiedQuestionRecord, VocabularyRecord } from '@askdata/db';
import { z } from 'zod';

export interface SkippedEntry {
  kind: 'vocabulary' | 'verified';
  id: string;
  reason: string;
}

export interface Parsed<T> {
  entries: T[];
  skipped: SkippedEntry[];
}

const periodsSchema = z.array(periodSlotSchema);

function vocabularyEntry(model: SemanticModel, record: VocabularyRecord): TaughtTerm | string {
  const problem = termProblem(record.termKey);
  if (problem !== undefined) return problem;
  const means = meaningSchema.safeParse(record.means);
  if (!means.success) return 'its meaning is not a name or a {field, value} pair';
  const resolved = resolveMeaning(model, means.data);
  return resolved.ok ? { term: record.termKey, meaning: resolved.meaning } : resolved.problem;
}

export function parseVocabulary(model: SemanticModel, records: readonly VocabularyRecord[]): Parsed<{ record: VocabularyRecord; term: TaughtTerm }> {
  const parsed: Parsed<{ record: VocabularyRecord; term: TaughtTerm }> = { entries: [], skipped: [] };
  for (const record of records) {
    const term = vocabularyEntry(model, record);
    if (typeof term === 'string') parsed.skipped.push({ kind: 'vocabulary', id: record.id, reason: term });
    else parsed.entries.push({ record, term });
  }
  return parsed;
}

function verifiedEntry(model: SemanticModel, record: VerifiedQuestionRecord): VerifiedPhrasing | string {
  const periods = periodsSchema.safeParse(record.periods);
  if (!periods.success) return 'its periods are not period slots';
  let plan;
  try {
    plan = validatePlan(record.plan, model, { internal: true });
  } catch (error) {
    if (error instanceof CoreError && error.code === 'PLAN_INVALID') return error.message;
    throw error;
  }
  if (record.tenantKey === '' && planTextValues(plan, model).length > 0) return 'it is global and filters on text values, which come from one tenant\'s data';
  return { id: record.id, plan, periods: periods.data };
}

export function parseVerified(model: SemanticModel, records: readonly VerifiedQuestionRecord[]): Parsed<{ record: VerifiedQuestionRecord; phrasing: VerifiedPhrasing }> {
  const parsed: Parsed<{ record: VerifiedQuestionRecord; phrasing: VerifiedPhrasing }> = { entries: [], skipped: [] };
  for (const record of records) {
    const phrasing = verifiedEntry(model, record);
    if (typeof phrasing === 'string') parsed.skipped.push({ kind: 'verified', id: record.id, reason: phrasing });
    else parsed.entries.push({ record, phrasing });
  }
  return parsed;
}
