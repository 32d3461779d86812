/**
 * `npm run teach -- import <file.jsonl>`: imports verified questions into the store the apps use
 * (DATABASE_URL, the data source and model of DATA_SOURCE_URL / SEMANTIC_MODEL / TENANCY, as api-v1 reads
 * them), each line through the same checks and audit trail as POST /api/v1/admin/verified-questions
 * (import-verified.ts). Prints how many lines were accepted and, for each other line, why it was refused.
 * Exit code 0 when every line was accepted, 1 when some were refused, 2 for a usage error.
 */
import { readFileSync } from 'node:fs';
import { findRepoRoot, parseEnv } from '@askdata/env';
import { z } from 'zod';
import { importVerified, openRuntime, runtimeEnvShape, runtimeOptionsFrom, withDemoDefaults, type ImportReport } from '@askdata/service';

const usage = 'usage: npm run teach -- import <file.jsonl>   (lines: {"question","sql"}, {"question","plan"} or lines of GET /api/v1/admin/verified-questions?format=jsonl)';

/** What the audit trail records as the writer of an import from this command. */
export const IMPORT_ACTOR = { apiKeyId: null, principal: 'cli:teach import' };

export function reportLines(file: string, report: ImportReport): string[] {
  const lines = [`${file}: ${report.accepted} accepted, ${report.refused} refused`];
  for (const line of report.lines.filter((l) => !l.accepted)) lines.push(`  line ${line.line}${line.question ? ` "${line.question}"` : ''}: refused (${line.clause ?? 'refused'}): ${line.reason ?? ''}`);
  return lines;
}

async function main(argv: string[]): Promise<number> {
  const [command, file, ...rest] = argv;
  if (command !== 'import' || file === undefined || rest.length > 0) {
    process.stderr.write(`${usage}\n`);
    return 2;
  }
  const text = readFileSync(file, 'utf8');
  const root = findRepoRoot(__dirname);
  const config = parseEnv(z.object(runtimeEnvShape(root)).transform(withDemoDefaults(root)), process.env);
  const runtime = await openRuntime(runtimeOptionsFrom(config));
  try {
    const report = await importVerified(runtime, text, IMPORT_ACTOR);
    process.stdout.write(`${reportLines(file, report).join('\n')}\n`);
    return report.refused === 0 ? 0 : 1;
  } finally {
    await runtime.close();
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      process.stderr.write(`teach failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
