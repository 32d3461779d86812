/**
 * Row-level expressions read as what an askdata field can be: one column, or two to four columns joined by a
 * space (`first_name || ' ' || last_name`, a person's name). Anything else is computed, which a field
 * cannot be; its arithmetic may still live inside the measures that use it.
 */
import { toIdentifier } from '@askdata/core';
import { parseOrReason } from '../sql/read-aggregate';
import { scalarProblem } from '../sql/read-aggregate';
import type { SqlNode } from '../sql/sql-expression';

export type RowExpression =
  | { kind: 'column'; table?: string; column: string }
  | { kind: 'joined'; columns: string[] }
  | { kind: 'arithmetic'; node: SqlNode }
  | { kind: 'other'; reason: string };

const QUOTED = String.raw`(?:"[^"]+"|[A-Za-z_][A-Za-z0-9_$]*)`;
const JOINED = new RegExp(String.raw`^\s*(${QUOTED})(?:\s*\|\|\s*' '\s*\|\|\s*(${QUOTED}))(?:\s*\|\|\s*' '\s*\|\|\s*(${QUOTED}))?(?:\s*\|\|\s*' '\s*\|\|\s*(${QUOTED}))?\s*$`);
const unquote = (name: string): string => (name.startsWith('"') ? name.slice(1, -1) : name);

export function readRowExpression(text: string): RowExpression {
  const joined = JOINED.exec(text);
  if (joined !== null) return { kind: 'joined', columns: joined.slice(1).filter((part): part is string => part !== undefined).map(unquote) };
  const parsed = parseOrReason(text);
  if (!parsed.ok) return { kind: 'other', reason: parsed.reason };
  const node = parsed.value;
  if (node.kind === 'column') return node.table === undefined ? { kind: 'column', column: node.name } : { kind: 'column', table: node.table, column: node.name };
  const problem = scalarProblem(node);
  return problem === undefined ? { kind: 'arithmetic', node } : { kind: 'other', reason: problem };
}

/** `db.schema.table` (or `schema.table`, or `table`): the table's name; the rest is the source warehouse's. */
export function tableOf(reference: string): { table: string; qualifiers: string[] } {
  const parts = reference.split('.').map((part) => unquote(part.trim()));
  const table = parts.pop() ?? reference;
  return { table, qualifiers: parts };
}

/** A source name as an askdata key: kept when it is one already, else lower snake case ("Order Items" -> order_items). */
export const keyOf = (name: string): string => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : toIdentifier(name));
