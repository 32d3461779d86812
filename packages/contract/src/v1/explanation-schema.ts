/** GET .../answer/{answerId}/explain: how a stored answer was produced (not part of interface.md's answer shape). */
import { z } from 'zod';

export const traceEntrySchema = z
  .object({
    step: z.enum(['lex', 'rule', 'build', 'verify']).meta({ description: 'Which part of the engine wrote the entry: word lookup, a rule, the plan builder, or the final checks.' }),
    rule: z.string().meta({ description: 'The rule or decision, by name ("ranking.superlative-word", "build.default-measure", "verify.unexplained-words").' }),
    words: z.string().meta({ description: 'The words of the question it is about (empty for a default that explains no words).' }),
    reason: z.string().meta({ description: 'Why the rule proposed it, or what the check found.' }),
    chosen: z.boolean().meta({ description: 'True when it is part of the reading the answer rests on; false for a candidate that lost, or words left over.' }),
    lostBecause: z.string().optional().meta({ description: 'For a candidate that lost: why.' }),
  })
  .strict()
  .meta({ description: 'One step of how the rules engine read the question.' });

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
    trace: z.array(traceEntrySchema).optional().meta({ description: 'How the rules engine read the question: the rules that fired and on which words, the candidates that lost and why, the defaults the builder chose, and the words nothing explained (for a decline). Absent for planners that keep no trace, and for answers stored before traces were kept.' }),
    createdAt: z.string().meta({ description: 'When the answer was made (ISO 8601).' }),
  })
  .strict()
  .meta({ description: 'How a stored answer was produced.' });

export type Explanation = z.infer<typeof explanationSchema>;
