/**
 * The small part of SQL that semantic models write in their expressions and that an askdata model can carry:
 * columns (bare, qualified `orders.amount`, or quoted), numbers, + - * / and parentheses, and function calls
 * such as SUM(...), COUNT(*), COUNT(DISTINCT x) or NULLIF(x, 0). Anything else (CASE, string literals, casts,
 * comparisons, window functions) is a parse failure whose reason the import reports.
 *
 * Hand-written rather than a full SQL parser (node-sql-parser and the like): the importer must refuse
 * everything outside this subset anyway, and a full parser would accept each dialect's extras only for us to
 * walk its tree and turn them down one by one. Forty lines of tokenizer say exactly what is carried.
 */

export type SqlNode =
  | { kind: 'column'; table?: string; name: string }
  | { kind: 'number'; value: number }
  | { kind: 'star' }
  | { kind: 'binary'; op: '+' | '-' | '*' | '/'; left: SqlNode; right: SqlNode }
  | { kind: 'negate'; operand: SqlNode }
  | { kind: 'call'; name: string; distinct: boolean; args: SqlNode[] };

export class SqlSubsetError extends Error {}

type Token = { kind: 'name'; text: string; quoted: boolean } | { kind: 'number'; value: number } | { kind: 'symbol'; text: string };

const KEYWORDS_REFUSED = new Set(['CASE', 'WHEN', 'THEN', 'ELSE', 'END', 'AND', 'OR', 'NOT', 'IS', 'NULL', 'IN', 'LIKE', 'BETWEEN', 'OVER', 'FILTER', 'AS', 'SELECT', 'FROM', 'WHERE']);

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const space = /^\s+/.exec(rest);
    if (space) {
      i += space[0].length;
      continue;
    }
    const number = /^(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/.exec(rest);
    const name = /^[A-Za-z_][A-Za-z0-9_$]*/.exec(rest);
    const quoted = /^"((?:[^"]|"")+)"|^`([^`]+)`/.exec(rest);
    if (number) tokens.push({ kind: 'number', value: Number(number[0]) });
    else if (name) tokens.push({ kind: 'name', text: name[0], quoted: false });
    else if (quoted) tokens.push({ kind: 'name', text: (quoted[1] ?? quoted[2] ?? '').replace(/""/g, '"'), quoted: true });
    else if ('+-*/(),.'.includes(rest[0] ?? '')) tokens.push({ kind: 'symbol', text: rest[0] ?? '' });
    else if (rest.startsWith("'")) throw new SqlSubsetError('a string literal');
    else if (rest.startsWith('::')) throw new SqlSubsetError('a cast (::)');
    else if (/^(<>|!=|<=|>=|=|<|>)/.test(rest)) throw new SqlSubsetError('a comparison');
    else if (rest.startsWith('||')) throw new SqlSubsetError('a string concatenation (||)');
    else if (rest.startsWith('{{')) throw new SqlSubsetError('a template ({{ }})');
    else throw new SqlSubsetError(`"${rest[0] ?? ''}"`);
    i += (number ?? name ?? quoted)?.[0].length ?? 1;
  }
  return tokens;
}

/** Parses `text`; throws SqlSubsetError naming the first construct outside the subset. */
export function parseSqlExpression(text: string): SqlNode {
  const tokens = tokenize(text);
  let at = 0;
  const peek = (): Token | undefined => tokens[at];
  const isSymbol = (symbol: string): boolean => {
    const token = peek();
    return token?.kind === 'symbol' && token.text === symbol;
  };
  const expect = (symbol: string): void => {
    if (!isSymbol(symbol)) throw new SqlSubsetError(`expected "${symbol}"`);
    at++;
  };

  const expression = (): SqlNode => {
    let left = term();
    while (isSymbol('+') || isSymbol('-')) {
      const op = (tokens[at++] as { text: '+' | '-' }).text;
      left = { kind: 'binary', op, left, right: term() };
    }
    return left;
  };
  const term = (): SqlNode => {
    let left = factor();
    while (isSymbol('*') || isSymbol('/')) {
      const op = (tokens[at++] as { text: '*' | '/' }).text;
      left = { kind: 'binary', op, left, right: factor() };
    }
    return left;
  };
  const factor = (): SqlNode => {
    const token = peek();
    if (token === undefined) throw new SqlSubsetError('an incomplete expression');
    if (token.kind === 'number') {
      at++;
      return { kind: 'number', value: token.value };
    }
    if (token.kind === 'symbol') {
      if (token.text === '(') {
        at++;
        const inner = expression();
        expect(')');
        return inner;
      }
      if (token.text === '-') {
        at++;
        return { kind: 'negate', operand: factor() };
      }
      throw new SqlSubsetError(`"${token.text}" where a value was expected`);
    }
    at++;
    if (!token.quoted && KEYWORDS_REFUSED.has(token.text.toUpperCase())) throw new SqlSubsetError(`${token.text.toUpperCase()}`);
    if (isSymbol('(')) return call(token.text.toUpperCase());
    if (isSymbol('.')) {
      at++;
      const column = peek();
      if (column?.kind !== 'name') throw new SqlSubsetError('a qualified name without a column');
      at++;
      if (isSymbol('.')) throw new SqlSubsetError(`a name of more than two parts (${token.text}.${column.text}...)`);
      return { kind: 'column', table: token.text, name: column.text };
    }
    return { kind: 'column', name: token.text };
  };
  const call = (name: string): SqlNode => {
    expect('(');
    if (isSymbol('*')) {
      at++;
      expect(')');
      return { kind: 'call', name, distinct: false, args: [{ kind: 'star' }] };
    }
    const first = peek();
    const distinct = first?.kind === 'name' && !first.quoted && first.text.toUpperCase() === 'DISTINCT';
    if (distinct) at++;
    const args: SqlNode[] = [];
    if (!isSymbol(')')) {
      args.push(expression());
      while (isSymbol(',')) {
        at++;
        args.push(expression());
      }
    }
    expect(')');
    return { kind: 'call', name, distinct, args };
  };

  const node = expression();
  if (at < tokens.length) {
    const token = tokens[at];
    const text = token?.kind === 'name' ? token.text.toUpperCase() : token?.kind === 'symbol' ? token.text : String(token?.kind === 'number' ? token.value : '');
    throw new SqlSubsetError(KEYWORDS_REFUSED.has(text) ? text : `"${text}" after a complete expression`);
  }
  return node;
}

/** Every column an expression names, in order of appearance. */
export function columnsOf(node: SqlNode): Array<{ table?: string; name: string }> {
  switch (node.kind) {
    case 'column':
      return [node.table === undefined ? { name: node.name } : { table: node.table, name: node.name }];
    case 'binary':
      return [...columnsOf(node.left), ...columnsOf(node.right)];
    case 'negate':
      return columnsOf(node.operand);
    case 'call':
      return node.args.flatMap(columnsOf);
    case 'number':
    case 'star':
      return [];
  }
}
