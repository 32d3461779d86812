/**
 * The repository as data for the dependency test: the workspaces (name, folder, declared dependencies),
 * the package picture in docs/architecture.md (nodes and arrows of its mermaid block), and every import
 * each workspace's TypeScript files make. Hand-written because the checks need exactly three facts per
 * import (which file, which specifier, whether only types are imported) and a dependency-graph tool would
 * bring its own config format instead of reading the picture people read.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

export interface Workspace {
  name: string;
  /** Folder relative to the repository root, e.g. "packages/core". */
  dir: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  exports: Record<string, string>;
}

export interface PictureEdge {
  from: string;
  to: string;
  /** Solid arrows (-->) are run-time imports; dotted ones (-.->) are tests or types only. */
  solid: boolean;
}

export interface ImportUse {
  file: string;
  specifier: string;
  /** `import type` / `export type`, or every named member marked `type`: erased at run time. */
  typeOnly: boolean;
  /**
   * Under the workspace's test/ folder, a *.test.ts file, or its codegen/ folder (run when the package is
   * built, never shipped: the client's wire types are generated from the contract there).
   */
  inTest: boolean;
}

const SKIPPED_DIRS = new Set(['node_modules', 'generated', 'dist']);

export function listWorkspaces(root: string): Workspace[] {
  const globs = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
  return globs.flatMap((glob) => {
    const parent = glob.replace(/\/\*$/, '');
    return readdirSync(join(root, parent))
      .map((child) => join(parent, child))
      .filter((dir) => existsSync(join(root, dir, 'package.json')))
      .map((dir) => {
        const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as Partial<Workspace> & { main?: string; exports?: Record<string, string | Record<string, string>> };
        // A package that publishes built files maps its entry by condition; in the workspace its source is what loads.
        const exports = manifest.exports === undefined ? undefined : Object.fromEntries(Object.entries(manifest.exports).map(([key, target]) => [key, typeof target === 'string' ? target : (target['askdata-source'] ?? Object.values(target)[0] ?? '')]));
        return {
          name: manifest.name ?? dir,
          dir,
          dependencies: manifest.dependencies ?? {},
          devDependencies: manifest.devDependencies ?? {},
          exports: exports ?? { '.': `./${manifest.main ?? 'src/index.ts'}` },
        };
      });
  });
}

/** The mermaid block between the package-graph markers: node ids -> folder labels, and the arrows. */
export function readPicture(markdown: string): { nodes: Map<string, string>; edges: PictureEdge[] } {
  const block = /<!-- BEGIN: package-graph -->\s*```mermaid\n([\s\S]*?)```\s*<!-- END: package-graph -->/.exec(markdown)?.[1];
  if (block === undefined) throw new Error('docs/architecture.md has no mermaid block between the package-graph markers');
  const nodes = new Map<string, string>();
  const edges: PictureEdge[] = [];
  for (const raw of block.split('\n')) {
    const line = raw.trim();
    const node = /^(\w+)\["([^"]+)"\]$/.exec(line);
    if (node?.[1] && node[2]) {
      nodes.set(node[1], node[2]);
      continue;
    }
    const edge = /^(\w+)\s+(-->|-\.->)(?:\|[^|]*\|)?\s+(.+)$/.exec(line);
    if (edge?.[1] && edge[2] && edge[3]) {
      for (const to of edge[3].split('&').map((part) => part.trim())) edges.push({ from: edge[1], to, solid: edge[2] === '-->' });
      continue;
    }
    if (line !== '' && !/^flowchart\b/.test(line)) throw new Error(`cannot read this line of the package picture: ${line}`);
  }
  return { nodes, edges };
}

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return SKIPPED_DIRS.has(entry) ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry) && !entry.endsWith('.d.ts') ? [path] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s+['"]([^'"]+)['"]|\b(?:require|import)\(\s*['"]([^'"]+)['"]\s*\)/g;

function isTypeOnly(typeKeyword: string | undefined, clause: string): boolean {
  if (typeKeyword) return true;
  const named = /^\{([\s\S]*)\}$/.exec(clause.trim());
  if (!named?.[1]) return false;
  const members = named[1].split(',').map((member) => member.trim()).filter((member) => member !== '');
  return members.length > 0 && members.every((member) => member.startsWith('type '));
}

export function importsOf(root: string, workspace: Workspace): ImportUse[] {
  return sourceFiles(join(root, workspace.dir)).flatMap((path) => {
    const file = relative(root, path);
    const inTest = file.startsWith(`${workspace.dir}/test/`) || file.startsWith(`${workspace.dir}/codegen/`) || file.endsWith('.test.ts');
    const text = readFileSync(path, 'utf8');
    return [...text.matchAll(IMPORT)].map((match): ImportUse => {
      const specifier = match[4] ?? match[5] ?? match[6] ?? '';
      const typeOnly = match[4] !== undefined && isTypeOnly(match[2], match[3] ?? '');
      return { file, specifier, typeOnly, inTest };
    });
  });
}

/** The workspace whose folder holds `fileOrDir` (relative to root), if any. */
export function workspaceAt(workspaces: readonly Workspace[], root: string, absolute: string): Workspace | undefined {
  const rel = relative(root, absolute);
  return workspaces.find((workspace) => rel === workspace.dir || rel.startsWith(`${workspace.dir}${sep}`));
}

/** The file a specifier loads: `@askdata/x[/sub]` through the package's exports, relative paths as TS resolves them. */
export function resolveImport(workspaces: readonly Workspace[], root: string, fromFile: string, specifier: string): string | undefined {
  if (specifier.startsWith('.')) return resolveFile(resolve(root, dirname(fromFile), specifier));
  const match = /^(@askdata\/[^/]+)(\/.+)?$/.exec(specifier);
  const workspace = match ? workspaces.find((candidate) => candidate.name === match[1]) : undefined;
  if (!match || !workspace) return undefined;
  const target = workspace.exports[match[2] ? `.${match[2]}` : '.'];
  return target ? resolveFile(resolve(root, workspace.dir, target)) : undefined;
}

function resolveFile(base: string): string | undefined {
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}
