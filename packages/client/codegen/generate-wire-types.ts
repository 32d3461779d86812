/**
 * The client's wire type files, as text: each public type of wire-type-sources.ts turned into JSON Schema
 * by the contract (both directions: what is sent as input, what is received as output) and written as a
 * plain TypeScript declaration, so the published .d.ts imports nothing (no @askdata package, no zod).
 */
import { namedJsonSchemas } from '@askdata/contract';
import { TypeWriter } from './json-schema-to-ts';
import { WIRE_TYPE_SOURCES, type WireFile } from './wire-type-sources';

const WHAT: Record<WireFile, string> = {
  'wire-types.ts': 'The answers, conversations, feedback and stream events of v1, and the older /ask answer.',
  'admin-wire-types.ts': 'The admin endpoints (/api/v1/admin/*).',
};

const header = (file: WireFile) => `/**
 * ${WHAT[file]}
 * GENERATED from @askdata/contract's zod schemas by packages/client/codegen (the client's build runs it).
 * Do not edit: change the contract, or codegen/wire-type-sources.ts to name a type.
 */
`;

const FILES: WireFile[] = ['wire-types.ts', 'admin-wire-types.ts'];

export function generateWireTypes(): Record<WireFile, string> {
  const sources = Object.entries(WIRE_TYPE_SOURCES);
  // Input schemas may refer to any name (a Rating in a feedback body); each name is declared from its own io.
  const inputs = namedJsonSchemas(Object.fromEntries(sources.map(([name, source]) => [name, source.schema])), { io: 'input' });
  const outputs = namedJsonSchemas(Object.fromEntries(sources.filter(([, source]) => source.io === 'output').map(([name, source]) => [name, source.schema])), { io: 'output' });
  const writer = new TypeWriter(Object.fromEntries(sources.map(([name, source]) => [name, (source.io === 'input' ? inputs : outputs)[name] ?? {}])));
  const fileOf = (name: string) => WIRE_TYPE_SOURCES[name]?.file;
  const text = (file: WireFile): string => {
    const names = sources.filter(([, source]) => source.file === file).map(([name]) => name);
    const imports = new Map<WireFile, Set<string>>();
    for (const reference of names.flatMap((name) => writer.references(name))) {
      const from = fileOf(reference);
      if (from !== undefined && from !== file) imports.set(from, (imports.get(from) ?? new Set()).add(reference));
    }
    const importLines = [...imports].map(([from, used]) => `import type { ${[...used].sort().join(', ')} } from './${from.replace(/\.ts$/, '')}';\n`).join('');
    return `${header(file)}${importLines}${importLines ? '\n' : ''}${names.map((name) => writer.declaration(name)).join('\n')}`;
  };
  return Object.fromEntries(FILES.map((file) => [file, text(file)])) as Record<WireFile, string>;
}
