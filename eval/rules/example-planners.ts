/**
 * Opens each example schema (a SQLite file written from eval/rules/example-schemas.ts) as a new user's
 * database would be opened, and reads an example through the rules planner's production path.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answerQuestion, chosenRules, resolveTenantScope, type ExampleSchema, type RulesPlanner, type ValueIndex } from '@askdata/core';
import { planLine } from '@askdata/core/testing';
import { createAnswerDeps, type BuiltAnswerDeps } from '@askdata/service';
import { EXAMPLE_SCHEMAS } from './example-schemas';

export const EXAMPLE_NOW = new Date('2026-06-15T12:00:00Z');

export interface ExampleReading {
  /** The plan in one line, or "decline" / "clarify". */
  line: string;
  /** Rules that took part. */
  rules: string[];
  /** The whole trace, one line per entry, for a failure message. */
  trace: string[];
  /** The check that declined it (a verify check's name, or build.problem), if one did. */
  declinedBy?: string;
}

interface OpenSchema {
  deps: BuiltAnswerDeps;
  values: ValueIndex;
}

export class ExamplePlanners {
  private readonly open = new Map<ExampleSchema, OpenSchema>();
  private readonly dir = mkdtempSync(join(tmpdir(), 'askdata-rule-examples-'));

  private async schema(name: ExampleSchema): Promise<OpenSchema> {
    const existing = this.open.get(name);
    if (existing !== undefined) return existing;
    const path = join(this.dir, `${name}.sqlite`);
    const db = new Database(path);
    for (const statement of EXAMPLE_SCHEMAS[name]) db.exec(statement);
    db.close();
    const deps = await createAnswerDeps({ dataSourceUrl: path, tenancy: 'none', timezone: 'UTC', maxRows: 100, timeoutMs: 10_000, clock: () => new Date(EXAMPLE_NOW.getTime()) });
    const values = await deps.tenantValues(resolveTenantScope(deps.model, {}));
    const opened = { deps, values };
    this.open.set(name, opened);
    return opened;
  }

  async read(name: ExampleSchema, question: string): Promise<ExampleReading> {
    const { deps, values } = await this.schema(name);
    const planner = deps.planner as RulesPlanner;
    const read = planner.readForDebugging({ question, history: [], now: EXAMPLE_NOW, timezone: 'UTC', values });
    let line = read.verdict.kind === 'plan' ? planLine(read.verdict.plan) : read.verdict.kind;
    // A plan must also run: its SQL is asked of the example database through the whole pipeline, and an
    // error there is the line the example sees (a plan that reads right but cannot be compiled is wrong).
    if (read.verdict.kind === 'plan') {
      try {
        await answerQuestion(deps, { question, scope: resolveTenantScope(deps.model, {}), history: [] });
      } catch (error) {
        line = `error: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
    // A decline is the last trace entry: verification's entry, not chosen, named by the check that declined.
    const last = read.trace.at(-1);
    const declinedBy = read.verdict.kind === 'decline' && last?.step === 'verify' && !last.chosen ? last.rule : undefined;
    return {
      line,
      rules: chosenRules(read.trace),
      trace: read.trace.map((e) => `${e.chosen ? '+' : '-'} ${e.rule} "${e.words}"${e.lostBecause ? ` (lost: ${e.lostBecause})` : ''}`),
      ...(declinedBy === undefined ? {} : { declinedBy }),
    };
  }

  async close(): Promise<void> {
    for (const { deps } of this.open.values()) await deps.close();
    this.open.clear();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
