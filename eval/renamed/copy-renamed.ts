/** Copies the demo warehouse into a new SQLite file under the renamed physical names (same rows, same values). */
import Database from 'better-sqlite3';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { RENAMED_TABLES, type RenamedTable } from './rename-map';

const q = (name: string): string => `"${name}"`;

function createSql(table: RenamedTable): string {
  const columns = table.columns.map((col) => `  ${q(col.to)} ${col.type}`);
  const keys = table.foreignKeys.map(([col, refTable, refCol]) => `  FOREIGN KEY (${q(col)}) REFERENCES ${q(refTable)}(${q(refCol)})`);
  return `CREATE TABLE ${q(table.to)} (\n${[...columns, ...keys].join(',\n')}\n)`;
}

export function copyRenamed(sourcePath: string, targetPath: string): void {
  if (!existsSync(sourcePath)) throw new Error(`no demo warehouse at ${sourcePath}`);
  // Build beside the target and rename at the end, so a crash never leaves a half-copied file in the cache.
  const temp = `${targetPath}.tmp-${process.pid}`;
  rmSync(temp, { force: true });
  const db = new Database(temp);
  try {
    db.prepare('ATTACH DATABASE ? AS src').run(sourcePath);
    db.transaction(() => {
      for (const table of RENAMED_TABLES) {
        db.exec(createSql(table));
        const to = table.columns.map((col) => q(col.to)).join(', ');
        const from = table.columns.map((col) => q(col.from)).join(', ');
        db.exec(`INSERT INTO ${q(table.to)} (${to}) SELECT ${from} FROM src.${q(table.from)}`);
        table.indexes.forEach((cols, i) => db.exec(`CREATE INDEX ${q(`${table.to}_ix${i}`)} ON ${q(table.to)} (${cols.map(q).join(', ')})`));
      }
    })();
    db.exec('DETACH DATABASE src');
  } finally {
    db.close();
  }
  renameSync(temp, targetPath);
}
