/**
 * `npx tsx eval/tools/tie-fixes.ts [--write]`: finds spider-train gold queries that end in "ORDER BY <key>
 * LIMIT 1" where, on the database itself, two or more rows share the top key. LIMIT 1 then keeps an
 * arbitrary one of them, so a question asking for "the" one has several right answers (spider-train's
 * README names this as a known fault of its golds). The fix returns every tied row: the gold's own rows,
 * with the key as an extra column, kept where the key equals the top one. Each fix is executed and checked
 * (it returns more than one row, and the gold's own row among them) before it is written to
 * eval/sets/spider-train-gold-fixes.json with its reason; fixes made by hand there are kept.
 *
 * Only plain single SELECTs are rewritten (no DISTINCT, no UNION/INTERSECT/EXCEPT, unique output names);
 * anything else is left for a person to judge.
 */
import Database from 'better-sqlite3';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SPIDER_TRAIN_DIR, SPIDER_TRAIN_FIXES_PATH } from '../lib/eval-config';
import type { SpiderFix } from '../spider/spider-set';
import { singleQuoteLiterals } from '../kaggle/kaggle-set';

const TIE_REASON = 'Ties without a tie-break';

/** Index of the first top-level occurrence of `word` (outside parentheses and quotes) at or after `from`, or -1. */
function topLevel(sql: string, pattern: RegExp, from = 0): number {
  let depth = 0;
  let quote: string | undefined;
  for (let i = from; i < sql.length; i++) {
    const ch = sql[i]!;
    if (quote !== undefined) {
      if (ch === quote) quote = undefined;
      continue;
    }
    if (ch === "'" || ch === '"' || ch === '`') quote = ch;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (depth === 0 && pattern.test(sql.slice(i, i + 12)) && /\s/.test(sql[i - 1] ?? ' ')) return i;
  }
  return -1;
}

interface TieFix {
  fixed: string;
  tied: number;
  key: string;
}

function tieFix(db: Database.Database, gold: string): TieFix | undefined {
  const sql = singleQuoteLiterals(gold.trim().replace(/;\s*$/, ''));
  const tail = /\s+order\s+by\s+(.+?)\s*(asc|desc)?\s+limit\s+1\s*$/is.exec(sql);
  if (tail === null || !/^select\s/i.test(sql) || /^select\s+distinct\s/i.test(sql)) return undefined;
  const body = sql.slice(0, tail.index);
  if (topLevel(body, /^(union|intersect|except)\b/i) >= 0 || topLevel(body, /^order\s+by\b/i) >= 0) return undefined;
  const from = topLevel(body, /^from\b/i);
  if (from < 0) return undefined;
  const key = tail[1]!.trim();
  const direction = (tail[2] ?? 'asc').toLowerCase();
  const keyed = `${body.slice(0, from).trimEnd()}, (${key}) AS __tie_key ${body.slice(from)}`;
  let columns: string[];
  try {
    columns = db.prepare(keyed).columns().map((c) => c.name).filter((name) => name !== '__tie_key');
    const top = db.prepare(`SELECT __tie_key FROM (${keyed}) ORDER BY __tie_key ${direction} LIMIT 2`).raw().all() as unknown[][];
    if (top.length < 2 || top[0]![0] !== top[1]![0]) return undefined;
  } catch {
    return undefined;
  }
  if (new Set(columns).size !== columns.length || columns.some((c) => c.includes('"'))) return undefined;
  const fixed = `SELECT ${columns.map((c) => `\`${c}\``).join(', ')} FROM (${keyed}) WHERE __tie_key IS (SELECT __tie_key FROM (${keyed}) ORDER BY __tie_key ${direction} LIMIT 1)`;
  try {
    const rows = db.prepare(fixed).raw().all() as unknown[][];
    const own = db.prepare(sql).raw().all() as unknown[][];
    const same = (a: unknown[], b: unknown[]): boolean => a.length === b.length && a.every((v, i) => v === b[i]);
    if (rows.length < 2 || own.length !== 1 || !rows.some((row) => same(row, own[0]!))) return undefined;
    return { fixed, tied: rows.length, key };
  } catch {
    return undefined;
  }
}

function main(): void {
  const write = process.argv.includes('--write');
  const existing = JSON.parse(readFileSync(SPIDER_TRAIN_FIXES_PATH, 'utf8')) as SpiderFix[];
  const byHand = existing.filter((f) => !f.reason.startsWith(TIE_REASON));
  const handIds = new Set(byHand.map((f) => f.id));
  const generated: SpiderFix[] = [];
  const dbs = new Map<string, Database.Database>();
  for (const line of readFileSync(join(SPIDER_TRAIN_DIR, 'questions.jsonl'), 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const q = JSON.parse(line) as { id: string; db: string; question: string; gold: string };
    if (handIds.has(q.id)) continue;
    let db = dbs.get(q.db);
    if (db === undefined) dbs.set(q.db, (db = new Database(join(SPIDER_TRAIN_DIR, 'databases', `${q.db}.sqlite`), { readonly: true, fileMustExist: true })));
    const fix = tieFix(db, q.gold);
    if (fix === undefined) continue;
    generated.push({
      id: q.id,
      question: q.question,
      original: q.gold,
      fixed: fix.fixed,
      reason: `${TIE_REASON}: ${fix.tied} rows share the top value of ${fix.key}, and LIMIT 1 keeps an arbitrary one of them; the fix returns every tied row (eval/tools/tie-fixes.ts).`,
    });
  }
  for (const db of dbs.values()) db.close();
  process.stdout.write(`${generated.length} gold queries keep one of several tied rows\n`);
  if (write) {
    const all = [...byHand, ...generated].sort((a, b) => a.id.localeCompare(b.id));
    writeFileSync(SPIDER_TRAIN_FIXES_PATH, `${JSON.stringify(all, null, 1)}\n`);
    process.stdout.write(`wrote ${all.length} fixes to ${SPIDER_TRAIN_FIXES_PATH}\n`);
  }
}

main();
