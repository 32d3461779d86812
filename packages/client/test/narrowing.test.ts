/**
 * The client's answer types narrow on `type` as the contract's do (issue 25, item 16): `if (r.type ===
 * 'chart') r.chart.data` compiles under `tsc --strict`. Checked where users meet the types: the package
 * is packed and installed into a plain project (test-support/packed-client.ts), and the TypeScript
 * compiler API compiles types/narrowing.snippet.ts there, against the published .d.ts.
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { packedClientProject, type PackedClientProject } from '../../../test-support/packed-client';

jest.setTimeout(240_000);

const SNIPPET = join(__dirname, 'types', 'narrowing.snippet.ts');

/** Each diagnostic as `file:line: TSnnnn message`, so a failure says what did not compile. */
function formatted(diagnostics: readonly ts.Diagnostic[]): string[] {
  return diagnostics.map((d) => {
    const where = d.file && d.start !== undefined ? `${d.file.fileName.split('/').pop()}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: ` : '';
    return `${where}TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

describe('@askdata/client answer types, as installed', () => {
  let project: PackedClientProject;
  beforeAll(async () => {
    project = await packedClientProject();
  });
  afterAll(() => project?.close());

  it('narrow on type under tsc --strict: a chart answer has its chart, a table answer its table', () => {
    const file = join(project.dir, 'narrowing.ts');
    copyFileSync(SNIPPET, file);
    const program = ts.createProgram([file], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
      types: [],
    });
    // The import must resolve to the installed package's declarations, not to this repository's source.
    const resolved = program.getSourceFiles().map((source) => source.fileName).filter((name) => name.includes('@askdata/client'));
    expect(resolved.some((name) => name.startsWith(join(project.dir, 'node_modules', '@askdata', 'client', 'dist', 'types')))).toBe(true);
    expect(formatted(ts.getPreEmitDiagnostics(program))).toEqual([]);
  });
});
