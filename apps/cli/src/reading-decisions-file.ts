/**
 * The owner's decisions on business readings, for the command line: `<model>.reading-decisions.json`
 * beside the model file (model.yaml -> model.reading-decisions.json).
 *
 * Why a file beside the model, not the service's store: the command line works on a model file the owner
 * keeps (often in version control) and needs no store; a decision belongs with the model it was made on,
 * travels with it, and shows in a review of the change. The service keeps its decisions in its store
 * instead, keyed by data source (packages/db ReadingDecision), because it has no model file to sit beside.
 * Rejections must live outside the model file: the file cannot hold "not this word", and introspection
 * (model:scaffold --out) reads them to leave the reading out.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import type { BusinessReading } from '@askdata/core';
import { z } from 'zod';

export type ReadingDecision = 'accepted' | 'rejected';

const decisionSchema = z.object({
  id: z.string().min(1),
  decision: z.enum(['accepted', 'rejected']),
  rule: z.string(),
  entity: z.string(),
  field: z.string(),
  words: z.array(z.string()),
  decidedAt: z.string(),
});
const fileSchema = z.object({ version: z.literal(1), decisions: z.array(decisionSchema) });

export type DecisionRecord = z.infer<typeof decisionSchema>;

/** `shop.yaml` -> `shop.reading-decisions.json`, beside it. */
export function decisionsPath(modelPath: string): string {
  return join(dirname(modelPath), `${basename(modelPath, extname(modelPath))}.reading-decisions.json`);
}

export class DecisionsFileError extends Error {}

export function readDecisions(path: string): DecisionRecord[] {
  if (!existsSync(path)) return [];
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new DecisionsFileError(`${path} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) throw new DecisionsFileError(`${path} is not a reading-decisions file: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data.decisions;
}

/** The decisions with this one made (a later decision on the same reading replaces the earlier one). */
export function withDecision(decisions: readonly DecisionRecord[], id: string, reading: BusinessReading, decision: ReadingDecision, at: Date): DecisionRecord[] {
  const record: DecisionRecord = { id, decision, rule: reading.rule, entity: reading.entity, field: reading.field, words: [...reading.words], decidedAt: at.toISOString() };
  return [...decisions.filter((other) => other.id !== id), record];
}

export function writeDecisions(path: string, decisions: readonly DecisionRecord[]): void {
  writeFileSync(path, `${JSON.stringify({ version: 1, decisions }, null, 2)}\n`, 'utf8');
}

export const rejectedIds = (decisions: readonly DecisionRecord[]): string[] => decisions.filter((d) => d.decision === 'rejected').map((d) => d.id);
