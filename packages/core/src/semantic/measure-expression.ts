/**
 * Measure expressions ("subtotal - discount", "(price * quantity) / 100"): a small recursive-descent parser
 * over field names, numbers, + - * / and parentheses. Anything else (function calls, quotes, semicolons,
 * comparison operators...) is rejected, so a model file can never smuggle SQL into a compiled query: the
 * compiler only ever sees this tree and quotes the field columns itself.
 *
 *   expression := term (("+" | "-") term)*
 *   term       := factor (("*" | "/") factor)*
 *   factor     := number | "-" number | field | "(" expression ")"
 */
import type { MeasureExpression } from './semantic-model';

export class MeasureExpressionError extends Error {
  constructor(message: string, readonly position: number) {
    super(message);
    this.name = 'MeasureExpressionError';
  }
}

type Token = { kind: 'number'; value: number; at: number } | { kind: 'name'; value: string; at: number } | { kind: 'symbol'; value: string; at: number };

const MAX_LENGTH = 500;
const MAX_DEPTH = 32;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /\s*(?:(\d+(?:\.\d+)?)|([A-Za-z_][A-Za-z0-9_]*)|([-+*/()]))/y;
  let at = 0;
  while (at < text.length) {
    if (/^\s*$/.test(text.slice(at))) break;
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    if (match === null) {
      const offset = at + (text.slice(at).length - text.slice(at).trimStart().length);
      throw new MeasureExpressionError(`unexpected character "${text[offset] ?? ''}" at position ${offset + 1}; only field names, numbers, + - * / and parentheses are allowed`, offset);
    }
    const start = pattern.lastIndex - (match[1] ?? match[2] ?? match[3] ?? '').length;
    if (match[1] !== undefined) tokens.push({ kind: 'number', value: Number(match[1]), at: start });
    else if (match[2] !== undefined) tokens.push({ kind: 'name', value: match[2], at: start });
    else tokens.push({ kind: 'symbol', value: match[3] ?? '', at: start });
    at = pattern.lastIndex;
  }
  return tokens;
}

export function parseMeasureExpression(text: string): MeasureExpression {
  if (text.length > MAX_LENGTH) throw new MeasureExpressionError(`is longer than ${MAX_LENGTH} characters`, 0);
  const tokens = tokenize(text);
  let index = 0;
  const peek = (): Token | undefined => tokens[index];
  const describe = (token: Token | undefined): string => (token === undefined ? 'the end of the expression' : `"${String(token.value)}" at position ${token.at + 1}`);
  const fail = (expected: string): never => {
    throw new MeasureExpressionError(`expected ${expected} but found ${describe(peek())}`, peek()?.at ?? text.length);
  };
  const isSymbol = (value: string): boolean => {
    const token = peek();
    return token?.kind === 'symbol' && token.value === value;
  };

  function expression(depth: number): MeasureExpression {
    if (depth > MAX_DEPTH) throw new MeasureExpressionError(`nests parentheses deeper than ${MAX_DEPTH} levels`, peek()?.at ?? 0);
    let left = term(depth);
    while (isSymbol('+') || isSymbol('-')) {
      const op = (tokens[index++] as Token).value as '+' | '-';
      left = { kind: 'binary', op, left, right: term(depth) };
    }
    return left;
  }

  function term(depth: number): MeasureExpression {
    let left = factor(depth);
    while (isSymbol('*') || isSymbol('/')) {
      const op = (tokens[index++] as Token).value as '*' | '/';
      left = { kind: 'binary', op, left, right: factor(depth) };
    }
    return left;
  }

  function factor(depth: number): MeasureExpression {
    const token = peek();
    if (token?.kind === 'number') {
      index++;
      return { kind: 'number', value: token.value };
    }
    if (token?.kind === 'name') {
      index++;
      if (isSymbol('(')) throw new MeasureExpressionError(`"${token.value}(...)" looks like a function call; functions are not allowed (use the measure's aggregation instead)`, token.at);
      return { kind: 'field', field: token.value };
    }
    if (isSymbol('-')) {
      index++;
      const next = peek();
      if (next?.kind !== 'number') return fail('a number after a leading "-"');
      index++;
      return { kind: 'number', value: -(next as { value: number }).value };
    }
    if (isSymbol('(')) {
      index++;
      const inner = expression(depth + 1);
      if (!isSymbol(')')) fail('")"');
      index++;
      return inner;
    }
    return fail('a field name, a number or "("');
  }

  if (tokens.length === 0) throw new MeasureExpressionError('is empty', 0);
  const tree = expression(0);
  if (index < tokens.length) fail('an operator (+ - * /)');
  return tree;
}

/** The distinct field names an expression reads, in order of appearance. */
export function measureExpressionFields(expression: MeasureExpression): string[] {
  switch (expression.kind) {
    case 'field':
      return [expression.field];
    case 'number':
      return [];
    case 'binary':
      return [...new Set([...measureExpressionFields(expression.left), ...measureExpressionFields(expression.right)])];
    default: {
      const unreachable: never = expression;
      return unreachable;
    }
  }
}

const precedence = { '+': 1, '-': 1, '*': 2, '/': 2 } as const;

/** Prints an expression so that parsing the text gives the same tree back (used by the scaffolder). */
export function formatMeasureExpression(expression: MeasureExpression): string {
  switch (expression.kind) {
    case 'field':
      return expression.field;
    case 'number':
      return String(expression.value);
    case 'binary': {
      const own = precedence[expression.op];
      const wrap = (child: MeasureExpression, needs: (childPrecedence: number) => boolean): string =>
        child.kind === 'binary' && needs(precedence[child.op]) ? `(${formatMeasureExpression(child)})` : formatMeasureExpression(child);
      // Left-associative: the right child keeps parentheses at equal precedence so the tree is unchanged.
      return `${wrap(expression.left, (p) => p < own)} ${expression.op} ${wrap(expression.right, (p) => p <= own)}`;
    }
    default: {
      const unreachable: never = expression;
      return unreachable;
    }
  }
}
