/** The question-set item format (eval/sets/README.md) and its loader; a malformed line stops the run. */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

export const goldSchema = z.union([z.object({ sql: z.string().min(1) }).strict(), z.object({ decline: z.literal(true) }).strict()]);

export const evalItemSchema = z
  .object({
    id: z.string().min(1),
    class: z.string().min(1),
    /** Absent for data without tenants (KaggleDBQA): the context is then `{}`. */
    orgId: z.number().int().optional(),
    question: z.string().min(1),
    gold: goldSchema,
    ordered: z.boolean(),
    chain: z.object({ id: z.string().min(1), step: z.number().int().min(1) }).strict().optional(),
  })
  .strict();
export type EvalItem = z.infer<typeof evalItemSchema>;

export function loadJsonlSet(path: string): EvalItem[] {
  const lines = readFileSync(path, 'utf8').split('\n');
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
