/**
 * The importer's tests over the demo model: a statement's validated plan, or the refusal it gets.
 */
import { validatePlan, type QueryPlanInput, type SemanticModel } from '@askdata/core';
import { demoModel } from '@askdata/core/testing';
import { SqlImportError, sqlToPlan } from '../../src';

export const model: SemanticModel = demoModel();

/** The plan the statement imports to, after validation against the demo model (which throws on a bad plan). */
export function plan(sql: string): QueryPlanInput {
  const imported = sqlToPlan(sql, model);
  validatePlan(imported.plan, model);
  return imported.plan;
}

/** The importer's refusal of the statement; a statement it accepts fails the test. */
export function refusal(sql: string): SqlImportError {
  try {
    sqlToPlan(sql, model);
  } catch (error) {
    if (error instanceof SqlImportError) return error;
    throw error;
  }
  throw new Error(`accepted: ${sql}`);
}
