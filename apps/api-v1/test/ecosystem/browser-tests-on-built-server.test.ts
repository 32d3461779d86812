/**
 * Every browser test drives the built server `npm start` runs (support/built-app.ts), never an app built
 * in the test process from the sources: the playground once answered 500 under `npm start` while every
 * browser test passed in-process. A new *.browser.test.ts that reaches for createTestApp or createApp fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const REPO_ROOT = join(__dirname, '..', '..', '..', '..');

function browserTests(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return browserTests(path);
    return entry.name.endsWith('.browser.test.ts') ? [path] : [];
  });
}

describe('browser tests', () => {
  const files = [...browserTests(join(REPO_ROOT, 'apps')), ...browserTests(join(REPO_ROOT, 'packages'))];

  it('exist', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files.map((file) => [relative(REPO_ROOT, file), file]))('%s starts the built server and no in-process app', (_name, file) => {
    const source = readFileSync(file, 'utf8');
    expect(source).toMatch(/\bstartBuiltApp\(/);
    expect(source).not.toMatch(/\b(createTestApp|createApp)\b/);
  });
});
