import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SchemaEngine } from '@prisma/schema-engine-wasm' with { 'resolution-mode': 'import' };

/**
 * Loads Prisma's schema engine compiled to WebAssembly (@prisma/schema-engine-wasm, pinned).
 *
 * The package is ESM-only wasm-bindgen glue for bundlers. Node could `require` it since 20.19, but Jest's
 * CommonJS runtime cannot, and an async `import()` needs Jest's experimental VM modules. The glue file
 * has no imports and only top-level `export function|class` declarations, so we evaluate it as a plain
 * function body (in the current realm, so `instanceof Uint8Array` checks agree with the adapters) and
 * wire the wasm instance to it the way wasm-bindgen's bundler entry does.
 */

type WasmExports = Record<string, unknown>;
/** The slice of the WebAssembly global we use; the repo's lib settings (no DOM) do not declare it. */
interface WasmApi {
  instantiate(bytes: Uint8Array, imports: Record<string, Record<string, unknown>>): Promise<{ instance: { exports: WasmExports } }>;
}
const wasmApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

type Glue = Record<string, unknown> & {
  __wbg_set_wasm(exports: WasmExports): void;
  SchemaEngine: typeof SchemaEngine;
};

const exportDecl = /^export (function|class) ([A-Za-z0-9_$]+)/gm;

function evaluateGlue(source: string): Glue {
  const names = [...source.matchAll(exportDecl)].map((m) => m[2] as string);
  const body = source.replace(exportDecl, '$1 $2');
  // Anything else ESM-specific means the pinned package changed shape: fail with a clear message.
  if (/^\s*(import|export)\b/m.test(body)) {
    throw new Error('askdata: unexpected module syntax in @prisma/schema-engine-wasm; check the pinned version');
  }
  const factory = new Function('setTimeout', `${body}\nreturn { ${names.join(', ')} };`) as (timer: typeof unrefSetTimeout) => Glue;
  return factory(unrefSetTimeout);
}

/**
 * The engine arms timers (query timeouts) that it never clears; left as they are, each keeps Node alive
 * for up to ~10 s after a migration. Unref'd, they no longer do; withSchemaEngine keeps the process
 * alive while the engine is actually working.
 */
function unrefSetTimeout(callback: () => void, ms?: number): NodeJS.Timeout {
  const timer = setTimeout(callback, ms);
  timer.unref();
  return timer;
}

let loaded: Promise<typeof SchemaEngine> | undefined;

/** The SchemaEngine class, instantiated once per process (the wasm module is 5 MB). */
export function loadSchemaEngine(): Promise<typeof SchemaEngine> {
  loaded ??= (async () => {
    // Resolve an exported subpath: the package does not export its package.json.
    const dir = path.dirname(require.resolve('@prisma/schema-engine-wasm/schema_engine_bg'));
    const glue = evaluateGlue(readFileSync(path.join(dir, 'schema_engine_bg.js'), 'utf8'));
    const wasmBytes = readFileSync(path.join(dir, 'schema_engine_bg.wasm'));
    const { instance } = await wasmApi.instantiate(wasmBytes, { './schema_engine_bg.js': glue });
    glue.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return glue.SchemaEngine;
  })();
  return loaded;
}
