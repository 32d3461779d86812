/**
 * One Node story (issue 31): package.json's engines, CI and README name the same Node lines, and the
 * machine's Node (which runs CI and a fresh `npm install`) is one of them, so npm prints no EBADENGINE
 * warning for askdata itself. CI reads its lines from engines through .ci/node-lines.js; this holds the
 * reader, .ci/run's use of it and README's sentence to engines.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEngines, satisfies, supportedLines } from '../../.ci/node-lines.js';

const root = join(__dirname, '..', '..');
const read = (path: string): string => readFileSync(join(root, path), 'utf8');
const majors = supportedLines(root).map((line) => line.major);

describe('the supported Node lines', () => {
  it('include the machine\u2019s Node, so npm install prints no EBADENGINE warning for the root package', () => {
    expect(satisfies(process.version, supportedLines(root))).toBe(true);
  });

  it('are the only engines any askdata workspace declares', () => {
    const workspaces = ['apps', 'packages'].flatMap((dir) => readdirSync(join(root, dir)).map((name) => `${dir}/${name}/package.json`));
    const declared = workspaces.flatMap((path) => {
      const node = (JSON.parse(read(path)) as { engines?: { node?: string } }).engines?.node;
      return node === undefined ? [] : [{ path, node }];
    });
    for (const { node } of declared) expect(satisfies(process.version, parseEngines(node))).toBe(true);
    expect(declared.every(({ node }) => node === (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node)).toBe(true);
  });

  it('are what CI tests: the machine\u2019s line plus the others engines names', () => {
    const others = execFileSync(process.execPath, [join(root, '.ci', 'node-lines.js'), '--others'], { encoding: 'utf8' }).trim().split(/\s+/).filter(Boolean).map(Number);
    expect([Number(process.versions.node.split('.')[0]), ...others].sort((a, b) => a - b)).toEqual([...majors].sort((a, b) => a - b));
    expect(read('.ci/run')).toMatch(/^NODE_LINES=\$\{CI_NODE_LINES-\$\(node \.ci\/node-lines\.js --others\)\}$/m);
    expect(read('.ci/run')).toContain('node .ci/node-lines.js --check-machine');
  });

  it('give CI its newest line, which gets the whole suite on a fresh clone with npm 12', () => {
    const newest = execFileSync(process.execPath, [join(root, '.ci', 'node-lines.js'), '--newest'], { encoding: 'utf8' }).trim();
    expect(Number(newest)).toBe(Math.max(...majors));
    expect(read('.ci/run')).toMatch(/^NEWEST_LINE=\$\(node \.ci\/node-lines\.js --newest\)$/m);
    expect(read('.ci/run')).toMatch(/^NPM_FOR_NEWEST=\$\{CI_NPM_FOR_NEWEST-12\}$/m);
  });

  it('are named once in README, with the same minimum versions as engines', () => {
    const readme = read('README.md');
    const sentences = readme.split('\n').filter((line) => /^askdata runs on Node \d/.test(line));
    expect(sentences).toHaveLength(1);
    const named = [...(sentences[0] ?? '').matchAll(/Node (\d+) \((\d+)\.(\d+)\+\)/g)].map((m) => ({ major: Number(m[1]), from: Number(m[2]), minor: Number(m[3]) }));
    expect(named.map((line) => line.major)).toEqual(majors);
    expect(named.every((line) => line.from === line.major)).toBe(true);
    expect(named.map((line) => line.minor)).toEqual(supportedLines(root).map((line) => line.minor));
    expect(readme).not.toMatch(/from (Node )?22 on|Node LTS lines from/);
  });

  it('reads only caret ranges, one per line, so a range CI cannot enumerate is refused', () => {
    expect(parseEngines('^20.19.0 || ^22.13.0')).toEqual([
      { major: 20, minor: 19, patch: 0 },
      { major: 22, minor: 13, patch: 0 },
    ]);
    expect(() => parseEngines('^22.12.0 || >=24.0.0')).toThrow(/caret ranges/);
    expect(satisfies('v20.18.3', parseEngines('^20.19.0'))).toBe(false);
    expect(satisfies('v20.19.0', parseEngines('^20.19.0'))).toBe(true);
    expect(satisfies('v21.0.0', parseEngines('^20.19.0 || ^22.13.0'))).toBe(false);
  });
});
