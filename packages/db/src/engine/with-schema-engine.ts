import type { SchemaEngine } from '@prisma/schema-engine-wasm' with { 'resolution-mode': 'import' };
import type { ErrorRegistry } from '@prisma/driver-adapter-utils';
import type { DatabaseTarget } from '../database-url';
import type { Provider } from '../paths';
import { loadSchemaEngine } from './load-schema-engine';
import { migrationAdapters } from './migration-adapters';
import { readSchemaFiles } from './schema-files';

export function providerOf(target: DatabaseTarget): Provider {
  return target.kind;
}

/**
 * Runs `work` with a wasm schema engine connected to `target` through the driver adapters, then frees
 * the engine and closes every connection it opened. Engine log lines are kept and attached to errors
 * (set ASKDATA_ENGINE_LOG=1 to print them as they come).
 */
export async function withSchemaEngine<T>(target: DatabaseTarget, work: (engine: SchemaEngine) => Promise<T>): Promise<T> {
  const Engine = await loadSchemaEngine();
  const adapters = migrationAdapters(target);
  const logs: string[] = [];
  const onLog = (line: string): void => {
    logs.push(line);
    if (process.env.ASKDATA_ENGINE_LOG === '1') process.stderr.write(`[schema-engine] ${line}\n`);
  };
  const datamodels = readSchemaFiles(providerOf(target)).map((f): [string, string] => [f.path, f.content]);
  let engine: SchemaEngine | undefined;
  // The engine's own timers are unref'd (load-schema-engine.ts): hold the process open while it works.
  const keepAlive = setInterval(() => undefined, 60_000);
  try {
    engine = await Engine.new({ datamodels }, onLog, adapters.factory);
    return await work(engine);
  } catch (error) {
    throw engineError(error, logs, adapters.factory.errorRegistry);
  } finally {
    clearInterval(keepAlive);
    engine?.free();
    await adapters.disposeAll();
  }
}

/**
 * Engine failures arrive as plain objects or strings, and driver errors only as "External error id#N"
 * whose original sits in the adapter's error registry: turn them into Errors that say what happened.
 */
function engineError(error: unknown, logs: string[], registry: ErrorRegistry): Error {
  let detail = error instanceof Error ? error.message : typeof error === 'string' ? error : JSON.stringify(error);
  const external = /External error id#(\d+)/.exec(detail);
  const original = external ? registry.consumeError(Number(external[1]))?.error : undefined;
  if (original !== undefined) detail = `${detail}: ${original instanceof Error ? original.message : JSON.stringify(original)}`;
  const tail = logs.slice(-5).join('\n');
  const wrapped = new Error(`askdata: schema engine failed: ${detail}${tail ? `\nlast engine log lines:\n${tail}` : ''}`);
  if (error instanceof Error) wrapped.cause = error;
  return wrapped;
}
