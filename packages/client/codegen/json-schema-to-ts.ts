/**
 * JSON Schema (the subset zod's z.toJSONSchema writes for the contract) as TypeScript declarations. Our own
 * rather than a library: none is installed, and the client needs only this subset, plus one rule no JSON
 * Schema tool knows: the members of a `oneOf` carry the keys only the other members have as `?: undefined`,
 * as the contract's own types do (answer-schemas.ts, WithAbsent), so `answer.chart?.title` compiles on any
 * answer and `if (answer.type === 'chart') answer.chart.data` narrows. A keyword it does not know is an
 * error, not a silent `unknown`: the contract may then say something the generated types would drop.
 */
type Node = { [keyword: string]: unknown };

/** Keywords that check values without changing their type. */
const CHECKS_ONLY = new Set(['minLength', 'maxLength', 'pattern', 'format', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minItems', 'maxItems', 'minProperties', 'maxProperties', 'propertyNames', 'default', 'examples', 'title', 'readOnly', 'description']);
const SHAPE = new Set(['type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'anyOf', 'oneOf', '$ref']);
const ABSENT = 'x-absent';

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const nodeAt = (value: unknown, path: string): Node => {
  if (!isNode(value)) throw new Error(`${path}: expected a schema object`);
  return value;
};

/** `/** text *\/` lines at `indent`, or nothing; a `*\/` inside the text would end the comment early. */
function docComment(description: unknown, indent: string): string {
  if (typeof description !== 'string' || description === '') return '';
  return `${indent}/** ${description.replaceAll('*/', '*\\/')} */\n`;
}

const propertyKey = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key));
const literal = (value: unknown) => {
  // Single quotes, as the hand-written code around the generated files writes them.
  if (typeof value === 'string') return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
  if (value === null || ['number', 'boolean'].includes(typeof value)) return JSON.stringify(value);
  throw new Error(`cannot write ${JSON.stringify(value)} as a literal type`);
};
/** A union inside an array type needs parentheses: `(string | number)[]`. */
const isUnion = (node: Node) => Array.isArray(node.anyOf) || Array.isArray(node.oneOf) || Array.isArray(node.type) || (Array.isArray(node.enum) && node.enum.length > 1);

export class TypeWriter {
  /** Keys each named schema declares absent, found on the oneOfs that refer to it. */
  private readonly absentIn = new Map<string, Set<string>>();

  constructor(private readonly named: Record<string, Node>) {
    for (const [name, schema] of Object.entries(named)) this.findAbsentKeys(schema, name);
  }

  /** `export interface Name {...}` for an object with properties, `export type Name = ...;` for the rest. */
  declaration(name: string): string {
    const schema = this.schemaOf(name);
    const absent = [...(this.absentIn.get(name) ?? [])];
    const withAbsent = absent.length > 0 ? withAbsentKeys(schema, absent) : schema;
    const comment = docComment(schema.description, '');
    if (isNode(withAbsent.properties) && withAbsent.additionalProperties === false) {
      return `${comment}export interface ${name} ${this.objectType(withAbsent, name, '')}\n`;
    }
    return `${comment}export type ${name} = ${this.type(withAbsent, name, '')};\n`;
  }

  /** The names a declaration refers to, to import those another file declares. */
  references(name: string): string[] {
    const found = new Set<string>();
    const visit = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(visit);
      else if (isNode(value)) {
        if (typeof value.$ref === 'string') found.add(value.$ref);
        Object.values(value).forEach(visit);
      }
    };
    visit(this.schemaOf(name));
    return [...found];
  }

  private schemaOf(name: string): Node {
    return nodeAt(this.named[name], name);
  }

  private type(node: Node, path: string, indent: string): string {
    const unknownKeyword = Object.keys(node).find((keyword) => !SHAPE.has(keyword) && !CHECKS_ONLY.has(keyword) && keyword !== ABSENT);
    if (unknownKeyword !== undefined) throw new Error(`${path}: the keyword "${unknownKeyword}" has no TypeScript form here; teach json-schema-to-ts.ts`);
    if (node[ABSENT] === true) return 'undefined';
    if (typeof node.$ref === 'string') {
      if (!(node.$ref in this.named)) throw new Error(`${path}: $ref to ${node.$ref}, which is not a named wire type`);
      return node.$ref;
    }
    if (Array.isArray(node.oneOf)) return this.union(this.withAbsentMembers(node.oneOf, path), path, indent);
    if (Array.isArray(node.anyOf)) return this.union(node.anyOf, path, indent);
    if (node.const !== undefined) return literal(node.const);
    if (Array.isArray(node.enum)) return node.enum.map(literal).join(' | ');
    if (Array.isArray(node.type)) return node.type.map((type) => this.type({ ...node, type }, path, indent)).join(' | ');
    switch (node.type) {
      case undefined:
        return 'unknown';
      case 'string':
        return 'string';
      case 'number':
      case 'integer':
        return 'number';
      case 'boolean':
        return 'boolean';
      case 'null':
        return 'null';
      case 'array': {
        if (node.items === undefined) return 'unknown[]';
        const items = nodeAt(node.items, `${path}[]`);
        const element = this.type(items, `${path}[]`, indent);
        return isUnion(items) ? `(${element})[]` : `${element}[]`;
      }
      case 'object':
        return this.objectType(node, path, indent);
      default:
        throw new Error(`${path}: unknown type ${JSON.stringify(node.type)}`);
    }
  }

  private union(members: unknown[], path: string, indent: string): string {
    const types = members.map((member, index) => this.type(nodeAt(member, `${path}|${index}`), `${path}|${index}`, indent));
    return [...new Set(types)].join(' | ');
  }

  /** `{ key: T; ... }` on several lines, or `Record<string, T>` for an object of free keys. */
  private objectType(node: Node, path: string, indent: string): string {
    const properties = isNode(node.properties) ? node.properties : {};
    const required = new Set(Array.isArray(node.required) ? node.required : []);
    const rest = node.additionalProperties;
    const restType = rest === false ? undefined : rest === undefined || rest === true ? 'unknown' : this.type(nodeAt(rest, `${path}.*`), `${path}.*`, indent);
    if (Object.keys(properties).length === 0) return `Record<string, ${restType ?? 'never'}>`;
    const inner = `${indent}  `;
    const lines = Object.entries(properties).map(([key, value]) => {
      const property = nodeAt(value, `${path}.${key}`);
      const type = this.type(property, `${path}.${key}`, inner);
      const optional = !required.has(key);
      const declared = optional && type !== 'undefined' ? `${type} | undefined` : type;
      return `${docComment(property.description, inner)}${inner}${propertyKey(key)}${optional ? '?' : ''}: ${declared};\n`;
    });
    if (restType !== undefined) lines.push(`${inner}[key: string]: ${restType};\n`);
    return `{\n${lines.join('')}${indent}}`;
  }

  /** Each inline member of a oneOf with the keys only other members have, as absent. */
  private withAbsentMembers(members: unknown[], path: string): Node[] {
    const nodes = members.map((member, index) => nodeAt(member, `${path}|${index}`));
    return nodes.map((member) => {
      if (typeof member.$ref === 'string') return member;
      const absent = this.absentKeys(nodes, member);
      return absent.length > 0 ? withAbsentKeys(member, absent) : member;
    });
  }

  private keysOf(member: Node): string[] {
    const resolved = typeof member.$ref === 'string' ? this.named[member.$ref] : member;
    return isNode(resolved) && isNode(resolved.properties) ? Object.keys(resolved.properties) : [];
  }

  private absentKeys(members: Node[], member: Node): string[] {
    const own = new Set(this.keysOf(member));
    const others = members.filter((other) => other !== member).flatMap((other) => this.keysOf(other));
    return [...new Set(others)].filter((key) => !own.has(key));
  }

  /** Records, for every named member of every oneOf, the keys it must declare absent. */
  private findAbsentKeys(value: unknown, path: string): void {
    if (Array.isArray(value)) return value.forEach((item) => this.findAbsentKeys(item, path));
    if (!isNode(value)) return;
    if (Array.isArray(value.oneOf)) {
      const members = value.oneOf.map((member, index) => nodeAt(member, `${path}|${index}`));
      for (const member of members) {
        if (typeof member.$ref !== 'string') continue;
        const keys = this.absentIn.get(member.$ref) ?? new Set<string>();
        for (const key of this.absentKeys(members, member)) keys.add(key);
        this.absentIn.set(member.$ref, keys);
      }
    }
    for (const child of Object.values(value)) this.findAbsentKeys(child, path);
  }
}

function withAbsentKeys(node: Node, keys: string[]): Node {
  const properties = isNode(node.properties) ? node.properties : {};
  return { ...node, properties: { ...properties, ...Object.fromEntries(keys.map((key) => [key, { [ABSENT]: true }])) } };
}
