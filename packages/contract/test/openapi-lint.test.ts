/**
 * Both OpenAPI documents pass `redocly lint` under the recommended ruleset (redocly.yaml at the repository
 * root says which rules are off, and why), in every configuration the apps serve them. A document with a
 * known defect fails the same lint, so the check is live, not a formality.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildLegacyDocument, buildV1Document, type OpenApiDocument } from '../src/index';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..', '..');
const REDOCLY = join(ROOT, 'node_modules', '.bin', 'redocly');

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'askdata-openapi-lint-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Exit code and summary of `redocly lint` on one document (offline: no telemetry, no update check). */
async function lint(name: string, document: OpenApiDocument): Promise<{ code: number; output: string }> {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(document, null, 2));
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
  try {
    const { stdout, stderr } = await run(REDOCLY, ['lint', file, '--config', join(ROOT, 'redocly.yaml'), '--format', 'summary'], { env, timeout: 60_000 });
    return { code: 0, output: `${stdout}${stderr}` };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('redocly lint (recommended ruleset)', () => {
  it.each([
    ['v1', buildV1Document({ maxQuestionLength: 1000, explainEnabled: true })],
    ['v1-explain-disabled', buildV1Document({ maxQuestionLength: 1000, explainEnabled: false })],
    ['legacy', buildLegacyDocument({ maxQuestionLength: 1000, tokenRequired: false })],
    ['legacy-token-required', buildLegacyDocument({ maxQuestionLength: 1000, tokenRequired: true })],
  ])('passes with no error and no warning: %s', async (name, document) => {
    const result = await lint(name, document);
    expect(result.output).toMatch(/Your API description is valid/);
    // The lint's own summary line for warnings ("You have 2 warnings."); Node's deprecation box is not one.
    expect(result.output).not.toMatch(/You have \d+ warnings?/);
    expect(result.code).toBe(0);
  }, 90_000);

  it('fails a document with a known defect (no servers, an operation with no security stated)', async () => {
    const { servers: _servers, security: _security, ...broken } = buildLegacyDocument({ maxQuestionLength: 1000, tokenRequired: false });
    const result = await lint('broken', broken as OpenApiDocument);
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/security-defined/);
  }, 90_000);
});
