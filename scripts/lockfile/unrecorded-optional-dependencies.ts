/**
 * Finds the optional dependencies that a package-lock.json declares but does not record.
 *
 * Why this exists: when the registry cannot serve a package's optional dependency at the pinned version
 * (here: the non-Linux builds of @swc/core, turbo and unrs-resolver were missing from the registry this
 * machine reaches), `npm install` leaves it out of the lockfile without a word, and `npm ci` then refuses
 * that same lockfile ("Missing: <name>@ from lock file"; npm/cli#9846, open, fix proposed in
 * npm/cli#9850). Listing the gaps right after `npm install` turns that into a clear, early failure that
 * names what to pin. No npm command reports this, hence the few lines here.
 */

/** The parts of a lockfile v3 entry this check reads. */
export interface LockEntry {
  version?: string;
  link?: boolean;
  optionalDependencies?: Record<string, string>;
}

export interface Lockfile {
  lockfileVersion?: number;
  packages?: Record<string, LockEntry>;
}

export interface UnrecordedOptional {
  /** The lockfile key of the package that declares it ("" is the root project). */
  declaredBy: string;
  declaredByVersion: string | undefined;
  name: string;
  range: string;
}

/**
 * Where Node (and npm's tree) would find `name` when required from the package at `key`: its own
 * node_modules, then each enclosing node_modules up to the root's.
 */
export function lookupKeys(key: string, name: string): string[] {
  const keys: string[] = [];
  let base = key;
  for (;;) {
    keys.push(base === '' ? `node_modules/${name}` : `${base}/node_modules/${name}`);
    if (base === '') return keys;
    const cut = base.lastIndexOf('/node_modules/');
    // A top-level package (node_modules/x) or a workspace folder (packages/x) resolves next from the root.
    base = cut >= 0 ? base.slice(0, cut) : '';
  }
}

export function unrecordedOptionalDependencies(lock: Lockfile): UnrecordedOptional[] {
  const packages = lock.packages ?? {};
  const found: UnrecordedOptional[] = [];
  for (const [key, entry] of Object.entries(packages)) {
    for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
      if (lookupKeys(key, name).some((candidate) => candidate in packages)) continue;
      found.push({ declaredBy: key, declaredByVersion: entry.version, name, range });
    }
  }
  return found;
}
