// Builds the publishable client: first its wire types, generated from the contract's zod schemas into
// src/wire-types.ts and src/admin-wire-types.ts (codegen/; run by tsx, the monorepo's TypeScript runner, as
// the contract is TypeScript source), then one ESM and one CommonJS bundle (esbuild; the client has no
// runtime dependency, so nothing is left external) and .d.ts files (tsc). `npm pack` runs it through prepack.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
execFileSync(process.execPath, [require.resolve('tsx/cli'), join(here, 'codegen', 'write-wire-types.ts')], { stdio: 'inherit' });
const dist = join(here, 'dist');
rmSync(dist, { recursive: true, force: true });
const common = { entryPoints: [join(here, 'src', 'index.ts')], bundle: true, platform: 'neutral', target: 'es2020', sourcemap: true, logLevel: 'warning' };
await build({ ...common, format: 'esm', outfile: join(dist, 'index.mjs') });
await build({ ...common, format: 'cjs', outfile: join(dist, 'index.cjs') });
const tsc = require.resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', join(here, 'tsconfig.build.json')], { stdio: 'inherit' });
