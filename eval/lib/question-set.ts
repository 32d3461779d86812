/** The question-set item format (eval/sets/README.md) and its loader; a malformed line stops the run. */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * The gold: a SQL query, a decline, or (for verified questions exported by the admin API) a plan whose
 * relative periods (`periods`) are read again as of the eval's clock, then scoped and compiled like any plan.
 */
export const goldSchema = z.union([
  /** `alsoRight`: other readings an analyst would accept; the answer is right if it matches any one gold. */
  z.object({ sql: z.string().min(1), alsoRight: z.array(z.string().min(1)).optional() }).strict(),
  z.object({ decline: z.literal(true) }).strict(),
  z.object({ plan: z.unknown(), periods: z.array(z.unknown()).default([]) }).strict(),
]);

export const evalItemSchema = z
  .object({
    id: z.string().min(1),
    class: z.string().min(1),
    /** Absent for data without tenants (KaggleDBQA): the context is then `{}`. */
    orgId: z.number().int().optional(),
    /** The tenant context, for sets whose tenancy is not the demo's orgId (verified-question exports). */
    context: z.record(z.string(), z.unknown()).optional(),
    question: z.string().min(1),
    gold: goldSchema,
    ordered: z.boolean(),
    chain: z.object({ id: z.string().min(1), step: z.number().int().min(1) }).strict().optional(),
    /** A follow-up's opening question: asked first in the same conversation, and not itself scored. */
    opening: z.string().min(1).optional(),
  })
  .strict();
export type EvalItem = z.infer<typeof evalItemSchema>;

export function loadJsonlSet(path: string): EvalItem[] {
  return loadJsonlSetText(readFileSync(path, 'utf8'), path);
}

/** The same, from text (`source` names it in errors). */
export function loadJsonlSetText(text: string, path: string): EvalItem[] {
  const lines = text.split('\n');
  const items: EvalItem[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    const parsed = evalItemSchema.safeParse(JSON.parse(line));
    if (!parsed.success) throw new Error(`${path}:${index + 1}: ${parsed.error.message}`);
    items.push(parsed.data);
  });
  const ids = new Set<string>();
  for (const item of items) {
    if (ids.has(item.id)) throw new Error(`${path}: duplicate id ${item.id}`);
    ids.add(item.id);
  }
  return items;
}
