/**
 * SQL literals as plan values of a field's type: a number written as text for a numeric field is that
 * number, a number compared with a text field is its text, 0/1 or 'true'/'false' for a yes/no field.
 * Validation checks the result again; this only undoes the spelling differences SQL allows.
 */
import type { ModelField, Scalar } from '@askdata/core';
import type { SqlNode } from './parse-sql';
import { unsupported } from './sql-import-error';

export function isLiteral(node: SqlNode | undefined): boolean {
  return node !== undefined && ['number', 'single_quote_string', 'string', 'bool', 'boolean'].includes(String(node.type));
}

function rawValue(node: SqlNode): Scalar {
  switch (node.type) {
    case 'number': {
      const value = typeof node.value === 'number' ? node.value : Number(node.value);
      if (!Number.isFinite(value)) throw unsupported('a number the plan cannot hold', String(node.value));
      return value;
    }
    case 'bool':
    case 'boolean':
      return node.value === true || String(node.value).toLowerCase() === 'true';
    default:
      return String(node.value);
  }
}

export function literalFor(node: SqlNode, field: ModelField): Scalar {
  if (!isLiteral(node)) throw unsupported('a value that is not a literal', describe(node));
  const value = rawValue(node);
  if (field.storedAsText === true) refuseUnwrittenText(node, value);
  switch (field.type) {
    case 'integer':
    case 'number':
      if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
      return value;
    case 'boolean':
      if (value === 1 || value === '1' || (typeof value === 'string' && value.toLowerCase() === 'true')) return true;
      if (value === 0 || value === '0' || (typeof value === 'string' && value.toLowerCase() === 'false')) return false;
      return value;
    case 'string':
      return typeof value === 'number' ? String(value) : value;
    default:
      return value;
  }
}

/**
 * A column of numbers kept as text is compared as text in the SQL, with the literal's text: '5', never
 * '5.0' or '05'. The plan keeps the number, so the literal must be the one text of its number
 * (numbers-as-text.ts then asks the data for the column's own texts). A number literal's text is not kept
 * by the parser (5.0 and 5 are one value), so only whole numbers are taken.
 */
function refuseUnwrittenText(node: SqlNode, value: Scalar): void {
  const canonical = node.type === 'number' ? typeof value === 'number' && Number.isSafeInteger(value) : typeof value === 'string' && value.trim() !== '' && String(Number(value)) === value;
  if (!canonical) throw unsupported('a column of numbers stored as text', `the SQL compares the text ${String(value)}, which is not the one way the plan's number is written`);
}

/** A short description of an expression, for messages. */
export function describe(node: SqlNode | undefined): string {
  if (!node) return 'nothing';
  if (node.type === 'column_ref') return typeof node.table === 'string' ? `${node.table}.${typeof node.column === 'string' ? node.column : node.column?.expr?.value}` : String(typeof node.column === 'string' ? node.column : node.column?.expr?.value);
  if (node.type === 'aggr_func') return `${node.name}(...)`;
  if (node.type === 'function') return `${node.name?.name?.[0]?.value ?? 'a function'}(...)`;
  if (node.ast) return 'a subquery';
  if (isLiteral(node)) return String(node.value);
  // A condition is said as SQL says it ("orders.organisation_id = 1 OR quantity > 3"), never by the
  // parser's node type ("binary_expr"), which means nothing to whoever taught the statement.
  if (node.type === 'binary_expr' && typeof node.operator === 'string') return shorten(`${describe(node.left)} ${node.operator} ${describe(node.right)}`);
  return 'an expression';
}

/** Messages quote at most this much of a long condition. */
const DESCRIBE_LIMIT = 120;
const shorten = (text: string): string => (text.length <= DESCRIBE_LIMIT ? text : `${text.slice(0, DESCRIBE_LIMIT - 1)}…`);
