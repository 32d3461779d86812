/**
 * The review of business readings (issue 38), admin keys only: GET /api/v1/admin/readings lists what
 * introspection read into the schema (words it gave fields or measures, with evidence and confidence) and
 * the decision on each; POST /api/v1/admin/readings/accept and /reject record one.
 */
import { z } from 'zod';

export const readingStatuses = ['pending', 'accepted', 'rejected'] as const;

export const readingSchema = z
  .object({
    id: z.string().meta({ description: 'Stable id "<rule>:<entity>.<field>", the same on every start of the same schema.' }),
    rule: z.string().meta({ description: 'The rule that read it, "<family>.<what>" (e.g. dates.event-verb).' }),
    entity: z.string(),
    field: z.string().meta({ description: 'The field or measure of `entity` the words were given to.' }),
    words: z.array(z.string()).meta({ description: 'The words that name it.' }),
    evidence: z.string().meta({ description: 'Why the rule read it so.' }),
    confidence: z.number().min(0).max(1).meta({ description: 'How often the rule is right where it applies (0..1).' }),
    status: z.enum(readingStatuses).meta({ description: 'pending until an admin decides; a rejected reading is no longer applied from the next start.' }),
    decidedAt: z.string().nullable().meta({ description: 'ISO 8601 instant of the decision; null while pending.' }),
  })
  .strict();
export const readingListSchema = z.object({ items: z.array(readingSchema) }).strict();

/** The reading to accept or reject, by its `id`; nothing else. */
export const readingDecisionBodySchema = z.object({ id: z.string().trim().min(1).max(300).meta({ description: 'The `id` of a reading GET /api/v1/admin/readings lists.' }) }).strict();

export type Reading = z.infer<typeof readingSchema>;
export type ReadingList = z.infer<typeof readingListSchema>;
export type ReadingDecisionBody = z.infer<typeof readingDecisionBodySchema>;

/** A reading as the service holds it -> its wire form. */
export function toReading(view: Omit<Reading, 'decidedAt' | 'words'> & { words: readonly string[]; decidedAt: Date | null }): Reading {
  return { ...view, words: [...view.words], decidedAt: view.decidedAt === null ? null : view.decidedAt.toISOString() };
}
