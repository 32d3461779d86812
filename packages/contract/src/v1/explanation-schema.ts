/** GET .../answer/{answerId}/explain: how a stored answer was produced (not part of interface.md's answer shape). */
import { z } from 'zod';

export const explanationSchema = z
  .object({
    answerId: z.string(),
    conversationId: z.string(),
    question: z.string(),
    type: z.enum(['text', 'chart', 'table']),
    engine: z.string().meta({ description: 'Which planner answered: "rules", "llm", …' }),
    confidence: z.number().nullable().meta({ description: 'The planner\'s confidence in its reading of the question (0–1), when it reports one.' }),
    plan: z.record(z.string(), z.unknown()).nullable().meta({ description: 'The validated query plan (JSON); null when the planner declined the question.' }),
    sql: z.string().nullable().meta({ description: 'The SQL that ran, with placeholders; null when nothing ran.' }),
    parameters: z.array(z.unknown()).nullable().meta({ description: 'The values bound to the placeholders, in order (tenant values included).' }),
    timings: z.record(z.string(), z.number()).meta({ description: 'Stage timings in milliseconds.' }),
    rowCount: z.number().int().min(0).optional(),
    truncated: z.boolean().optional().meta({ description: 'True when the row cap cut the result.' }),
    cached: z.boolean().optional().meta({ description: 'True when the rows came from the result cache: no query ran for this answer (timings.executeMs is 0).' }),
    createdAt: z.string().meta({ description: 'When the answer was made (ISO 8601).' }),
  })
  .strict()
  .meta({ description: 'How a stored answer was produced.' });

export type Explanation = z.infer<typeof explanationSchema>;
