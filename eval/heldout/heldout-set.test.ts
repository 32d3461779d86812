import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ReadOnlySqlite } from '../lib/sqlite-rows';
import { buildAll } from './build-databases';
import { HELDOUT_DATABASES } from './heldout-databases';
import { heldoutDatabasePath, loadHeldoutItems } from './heldout-set';

/** Every table's rows in key order, so two files compare by content rather than by bytes. */
function contents(path: string): Record<string, unknown[]> {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const tables = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string; sql: string }[];
    return Object.fromEntries(tables.map((t) => [t.name, [t.sql, ...db.prepare(`SELECT * FROM "${t.name}" ORDER BY 1, 2`).raw(true).all()]]));
  } finally {
    db.close();
  }
}

describe('held-out set', () => {
  const byDb = loadHeldoutItems();
  const items = [...byDb.values()].flat();

  it('has about 25 questions on each of its databases, some of them to decline', () => {
    expect([...byDb.keys()].sort()).toEqual(HELDOUT_DATABASES.map((d) => d.name).sort());
    for (const list of byDb.values()) expect(list.length).toBeGreaterThanOrEqual(25);
    expect(items.filter((i) => 'decline' in i.gold).length).toBeGreaterThanOrEqual(12);
  });

  it('has gold SQL that runs on its database and returns rows', () => {
    for (const [db, list] of byDb) {
      const sqlite = new ReadOnlySqlite(heldoutDatabasePath(db));
      try {
        for (const item of list) {
          if (!('sql' in item.gold)) continue;
          expect({ id: item.id, rows: sqlite.rows(item.gold.sql).length > 0 }).toEqual({ id: item.id, rows: true });
        }
      } finally {
        sqlite.close();
      }
    }
  });

  it('judges row order only where the gold asks for one', () => {
    const ordered = items.filter((i) => i.ordered).map((i) => i.id);
    expect(ordered.length).toBeGreaterThan(0);
    for (const item of items) if ('sql' in item.gold && !/order by/i.test(item.gold.sql)) expect(item.ordered).toBe(false);
  });

  it('rebuilds the committed databases exactly from the build script', () => {
    const dir = mkdtempSync(join(tmpdir(), 'askdata-heldout-'));
    try {
      const built = buildAll(dir);
      expect(built).toHaveLength(HELDOUT_DATABASES.length);
      for (const spec of HELDOUT_DATABASES) expect(contents(join(dir, `${spec.name}.sqlite`))).toEqual(contents(heldoutDatabasePath(spec.name)));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
