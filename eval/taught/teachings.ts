/** The operator's entries for spider-visible (spider-teachings.json) and the rules they must keep. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { meaningSchema } from '@askdata/core';
import { z } from 'zod';

/** An entry's term must be among this many top terms of its database's first-half queue. */
export const QUEUE_TOP = 15;
export const MAX_ENTRIES_PER_DB = 5;
export const TEACHINGS_PATH = join(__dirname, 'spider-teachings.json');

const entrySchema = z.object({ term: z.string().min(1), means: meaningSchema, why: z.string().min(1) }).strict();
export const teachingsSchema = z.record(z.string(), z.array(entrySchema).max(MAX_ENTRIES_PER_DB));
export type Teachings = z.infer<typeof teachingsSchema>;

export function loadTeachings(): Teachings {
  return teachingsSchema.parse(JSON.parse(readFileSync(TEACHINGS_PATH, 'utf8')));
}
