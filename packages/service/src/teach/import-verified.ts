/**
 * `npm run teach -- import <file.jsonl>`: verified questions in bulk, each line through verifyQuestion, so
 * with the same checks and the same audit trail as POST /api/v1/admin/verified-questions. A line is
 * `{question, sql}` or `{question, plan}` (with `context` or `global` as for the endpoint), or a line of
 * the export (GET /api/v1/admin/verified-questions?format=jsonl): its plan and periods are kept as they
 * are, its context names its tenant and no context means global, so an export imports back unchanged.
 * One bad line refuses that line only; the report says why, and which clause for SQL.
 */
import { CoreError, periodSlotSchema } from '@askdata/core';
import { z } from 'zod';
import type { AdminActor, AdminDeps } from './admin-deps';
import { verifyQuestion, type VerifyInput, type VerifyOptions } from './verify-question';

const contextSchema = z.record(z.string(), z.union([z.string(), z.number()]));
const exportedLine = z
  .object({
    id: z.string().optional(),
    class: z.literal('verified'),
    context: contextSchema.optional(),
    question: z.string().min(1).max(500),
    gold: z.object({ plan: z.record(z.string(), z.unknown()), periods: z.array(periodSlotSchema).default([]) }).strict(),
    ordered: z.boolean().optional(),
  })
  .strict();
const scope = { context: contextSchema.optional(), global: z.boolean().optional() };
const sqlLine = z.object({ question: z.string().min(1).max(500), sql: z.string().min(1).max(10_000), ...scope }).strict();
const planLine = z.object({ question: z.string().min(1).max(500), plan: z.record(z.string(), z.unknown()), ...scope }).strict();

export interface ImportedLine {
  /** 1-based line number in the file. */
  line: number;
  question?: string;
  accepted: boolean;
  /** The verified question's id, when accepted. */
  id?: string;
  /** Why it was refused. */
  reason?: string;
  /** For refused SQL: the clause or name the plan cannot carry (sql-import), or what else refused it. */
  clause?: string;
}

export interface ImportReport {
  accepted: number;
  refused: number;
  lines: ImportedLine[];
}

type Parsed = { input: VerifyInput; options: VerifyOptions } | { problem: string };

function parseLine(text: string): Parsed {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: 'not a JSON object' };
  }
  const exported = exportedLine.safeParse(json);
  if (exported.success) {
    const { question, context, gold } = exported.data;
    const input: VerifyInput = context === undefined ? { question, plan: gold.plan, global: true } : { question, plan: gold.plan, context };
    return { input, options: { periods: gold.periods } };
  }
  const sql = sqlLine.safeParse(json);
  if (sql.success) return { input: sql.data, options: {} };
  const plan = planLine.safeParse(json);
  if (plan.success) return { input: plan.data, options: {} };
  return { problem: 'not a {question, sql} line, a {question, plan} line or a line of the export' };
}

function clauseOf(error: CoreError): string {
  const details = error.details as { reason?: unknown; clause?: unknown } | undefined;
  if (typeof details?.clause === 'string') return details.clause;
  if (typeof details?.reason === 'string') return details.reason;
  return error.code.toLowerCase();
}

export async function importVerified(deps: AdminDeps, text: string, actor: AdminActor): Promise<ImportReport> {
  const lines: ImportedLine[] = [];
  const rows = text.split('\n');
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index]!.trim();
    if (row === '') continue;
    const line = index + 1;
    const parsed = parseLine(row);
    if ('problem' in parsed) {
      lines.push({ line, accepted: false, reason: parsed.problem, clause: 'line' });
      continue;
    }
    const question = 'question' in parsed.input ? parsed.input.question : undefined;
    try {
      const verified = await verifyQuestion(deps, parsed.input, actor, parsed.options);
      lines.push({ line, ...(question ? { question } : {}), accepted: true, id: verified.record.id });
    } catch (error) {
      if (!(error instanceof CoreError)) throw error;
      lines.push({ line, ...(question ? { question } : {}), accepted: false, reason: error.message, clause: clauseOf(error) });
    }
  }
  const accepted = lines.filter((l) => l.accepted).length;
  return { accepted, refused: lines.length - accepted, lines };
}
