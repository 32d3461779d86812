/**
 * The package picture in docs/architecture.md is the rule: every import between workspaces must be an
 * arrow of it (solid for a run-time import from src, solid or dotted for tests and type-only imports),
 * every arrow must be used, package.json files must declare what the arrows say, nothing reaches into
 * another package by path, and core stays pure: no driver or LLM SDK in its package.json or anywhere its
 * code and tests load. Also: only the contract defines an answer's wire schema.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { findRepoRoot } from '@askdata/env';
import { importsOf, listWorkspaces, readPicture, resolveImport, sourceFiles, workspaceAt, type ImportUse, type Workspace } from './package-graph';

const root = findRepoRoot(__dirname);
const workspaces = listWorkspaces(root);
const picture = readPicture(readFileSync(join(root, 'docs', 'architecture.md'), 'utf8'));
const byDir = new Map(workspaces.map((workspace) => [workspace.dir, workspace]));
const idOf = new Map([...picture.nodes].map(([id, dir]) => [dir, id]));
const imports = new Map(workspaces.map((workspace) => [workspace.dir, importsOf(root, workspace)]));

/** Database drivers and LLM SDKs: what core must never depend on, even for its tests. */
const FORBIDDEN_IN_CORE = [/^better-sqlite3$/, /^pg$/, /^pg-/, /^mysql2?$/, /^mariadb$/, /^@prisma\//, /^prisma$/, /^langchain$/, /^@langchain\//, /^openai$/, /^@anthropic-ai\//];

interface Use extends ImportUse {
  from: Workspace;
  to: Workspace;
}

/** Imports of another workspace by package name. */
function crossPackageUses(): Use[] {
  return workspaces.flatMap((from) =>
    (imports.get(from.dir) ?? []).flatMap((use) => {
      const name = /^(@askdata\/[^/]+)/.exec(use.specifier)?.[1];
      const to = workspaces.find((workspace) => workspace.name === name);
      return to && to !== from ? [{ ...use, from, to }] : [];
    }),
  );
}

const arrow = (from: Workspace, to: Workspace) => picture.edges.find((edge) => edge.from === idOf.get(from.dir) && edge.to === idOf.get(to.dir));
const describeUse = (use: Use) => `${use.file} imports ${use.specifier}${use.inTest ? ' (test)' : use.typeOnly ? ' (types)' : ''}`;

describe('the package picture in docs/architecture.md', () => {
  it('draws every workspace once, and nothing else', () => {
    expect([...picture.nodes.values()].sort()).toEqual(workspaces.map((workspace) => workspace.dir).sort());
    for (const edge of picture.edges) expect([edge.from, picture.nodes.has(edge.from), edge.to, picture.nodes.has(edge.to)]).toEqual([edge.from, true, edge.to, true]);
  });

  it('shows every import between packages: solid arrows for run-time imports, any arrow for tests and types', () => {
    const missing = crossPackageUses().flatMap((use) => {
      const edge = arrow(use.from, use.to);
      const runtime = !use.inTest && !use.typeOnly;
      return !edge || (runtime && !edge.solid) ? [describeUse(use)] : [];
    });
    expect(missing).toEqual([]);
  });

  it('draws no arrow that nothing uses, and no solid arrow that only tests use', () => {
    const uses = crossPackageUses();
    const unused = picture.edges.flatMap((edge) => {
      const from = byDir.get(picture.nodes.get(edge.from) ?? '');
      const to = byDir.get(picture.nodes.get(edge.to) ?? '');
      const backing = uses.filter((use) => use.from === from && use.to === to && (!edge.solid || !use.inTest));
      return backing.length === 0 ? [`${edge.from} ${edge.solid ? '-->' : '-.->'} ${edge.to}`] : [];
    });
    expect(unused).toEqual([]);
  });

  it('has no cycle among its solid arrows', () => {
    const solid = picture.edges.filter((edge) => edge.solid);
    const visiting = new Set<string>();
    const done = new Set<string>();
    const cycles: string[] = [];
    const visit = (node: string, path: string[]): void => {
      if (done.has(node)) return;
      if (visiting.has(node)) return void cycles.push([...path, node].join(' -> '));
      visiting.add(node);
      for (const edge of solid.filter((candidate) => candidate.from === node)) visit(edge.to, [...path, node]);
      visiting.delete(node);
      done.add(node);
    };
    for (const node of picture.nodes.keys()) visit(node, []);
    expect(cycles).toEqual([]);
  });

  it('matches every package.json: solid arrows are dependencies, dotted ones dependencies or devDependencies, and nothing else is declared', () => {
    const problems: string[] = [];
    for (const from of workspaces) {
      const declared = new Set([...Object.keys(from.dependencies), ...Object.keys(from.devDependencies)].filter((name) => name.startsWith('@askdata/')));
      for (const to of workspaces) {
        const edge = arrow(from, to);
        if (!edge) {
          if (declared.has(to.name)) problems.push(`${from.dir} declares ${to.name}, which the picture does not show`);
          continue;
        }
        if (edge.solid && !(to.name in from.dependencies)) problems.push(`${from.dir} must list ${to.name} in dependencies (solid arrow)`);
        if (!edge.solid && !declared.has(to.name)) problems.push(`${from.dir} must declare ${to.name} (dotted arrow)`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('imports between packages', () => {
  it('go through package names, never into another package by path', () => {
    const reaching = workspaces.flatMap((from) =>
      (imports.get(from.dir) ?? []).flatMap((use) => {
        if (!use.specifier.startsWith('.')) return [];
        const target = resolveImport(workspaces, root, use.file, use.specifier) ?? join(root, use.file, '..', use.specifier);
        const owner = workspaceAt(workspaces, root, target);
        if (owner && owner !== from) return [`${use.file} reaches into ${owner.dir} by path (${use.specifier})`];
        // Outside every workspace only the shared test harness (test-support/, loadtest/) may be reached, and only by tests.
        if (!owner && !use.inTest) return [`${use.file} reaches outside its package (${use.specifier})`];
        return [];
      }),
    );
    expect(reaching).toEqual([]);
  });

  it('leave core\'s test fixtures (@askdata/core/testing) to tests', () => {
    const fromProduction = workspaces.flatMap((from) => (imports.get(from.dir) ?? []).filter((use) => !use.inTest && use.specifier === '@askdata/core/testing').map((use) => use.file));
    // The conformance suites are test code that adapters run; they are the one package made of tests.
    expect(fromProduction.filter((file) => !file.startsWith('packages/conformance/'))).toEqual([]);
  });

  it('name packages that exist', () => {
    const unknown = workspaces.flatMap((from) =>
      (imports.get(from.dir) ?? []).filter((use) => use.specifier.startsWith('@askdata/') && !resolveImport(workspaces, root, use.file, use.specifier)).map((use) => `${use.file}: ${use.specifier}`),
    );
    expect(unknown).toEqual([]);
  });
});

describe('packages/core', () => {
  const core = byDir.get('packages/core');
  if (!core) throw new Error('packages/core is missing');

  it('lists no database driver and no LLM SDK in any dependency field', () => {
    const manifest = JSON.parse(readFileSync(join(root, core.dir, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
    const listed = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'].flatMap((field) => Object.keys(manifest[field] ?? {}));
    expect(listed.filter((name) => FORBIDDEN_IN_CORE.some((pattern) => pattern.test(name)))).toEqual([]);
  });

  it('loads no driver and no LLM SDK, from its code or its tests, directly or through what it imports', () => {
    const seen = new Set<string>();
    const found: string[] = [];
    const queue = (imports.get(core.dir) ?? []).map((use) => ({ from: use.file, specifier: use.specifier, typeOnly: use.typeOnly }));
    while (queue.length > 0) {
      const next = queue.shift();
      if (!next || next.typeOnly) continue;
      if (FORBIDDEN_IN_CORE.some((pattern) => pattern.test(next.specifier))) found.push(`${next.from} loads ${next.specifier}`);
      const file = resolveImport(workspaces, root, next.from, next.specifier);
      if (!file || seen.has(file)) continue;
      seen.add(file);
      const owner = workspaceAt(workspaces, root, file);
      if (!owner) continue;
      const rel = relative(root, file);
      queue.push(...(imports.get(owner.dir) ?? []).filter((use) => use.file === rel).map((use) => ({ from: use.file, specifier: use.specifier, typeOnly: use.typeOnly })));
    }
    expect(found).toEqual([]);
    expect(seen.size).toBeGreaterThan(100);
  });
});

describe('the wire contract', () => {
  it('is defined only in packages/contract: no other package declares a v1 or legacy answer schema', () => {
    const definitions = workspaces
      .filter((workspace) => workspace.dir !== 'packages/contract')
      .flatMap((workspace) => sourceFiles(join(root, workspace.dir)).map((path) => ({ file: relative(root, path), text: readFileSync(path, 'utf8') })))
      .filter(({ text }) => /\b(const|let|var|function)\s+(v1|legacy)\w*(Answer|Chart|Table|Response)Schema\b/.test(text))
      .map(({ file }) => file);
    expect(definitions).toEqual([]);
  });
});
