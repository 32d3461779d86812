/**
 * The CLI prints an unexpected error's stack with TypeScript positions, read from the bundle's map only
 * then (bin/source-mapped-stack.cjs): a real esbuild bundle with a linked map, as `npm run build` makes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { buildSync } from 'esbuild';


describe('sourceMappedStack', () => {
  let dir: string;
  let bundle: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'askdata-stack-'));
    writeFileSync(join(dir, 'helper.ts'), "export function fail(what: string): never {\n  const reason: string = `no ${what}`;\n  throw new Error(reason);\n}\n");
    writeFileSync(join(dir, 'entry.ts'), "import { fail } from './helper';\n\nexport function run(): void {\n  fail('luck');\n}\n");
    bundle = join(dir, 'entry.bundle.js');
    buildSync({ entryPoints: [join(dir, 'entry.ts')], outfile: bundle, bundle: true, platform: 'node', format: 'cjs', sourcemap: 'linked', minifyWhitespace: true, logLevel: 'silent' });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs the bundle in a plain Node (Jest maps stacks itself) and returns the raw stack and the mapped one. */
  function stacks(): { raw: string; mapped: string } {
    const script = `
      const { sourceMappedStack } = require(${JSON.stringify(join(__dirname, '..', 'bin', 'source-mapped-stack.cjs'))});
      try { require(${JSON.stringify(bundle)}).run(); } catch (error) {
        process.stdout.write(JSON.stringify({ raw: error.stack, mapped: sourceMappedStack(error, ${JSON.stringify(bundle)}) }));
      }`;
    return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as { raw: string; mapped: string };
  }

  it("names the TypeScript files and lines of the bundle's frames", () => {
    const { raw, mapped } = stacks();
    expect(raw).toContain('entry.bundle.js:');
    expect(mapped).toContain('Error: no luck');
    expect(mapped).toContain(`${join(dir, 'helper.ts')}:3:`);
    expect(mapped).toContain(`${join(dir, 'entry.ts')}:4:`);
    expect(mapped).not.toContain('entry.bundle.js:');
  });

  it('leaves the stack as it is when the map is missing', () => {
    rmSync(`${bundle}.map`, { force: true });
    const { raw, mapped } = stacks();
    expect(mapped).toBe(raw);
  });
});
