/**
 * Decides whether the engine's result rows answer the question the gold rows answer.
 *
 * Column names never count (the engine names columns its own way) and neither does column order. The
 * engine may show more columns than the gold query (a ranking shows the value it ranks by, a list shows
 * the row's name): we look for a consistent mapping of every gold column onto a distinct engine column,
 * the same for all rows, so a stray equal number in one row cannot make a match. Row order counts only
 * when the question asks for one (`ordered`).
 */
import { cellKey, normaliseCell, type Cell } from './normalise-cell';

export interface CompareVerdict {
  match: boolean;
  /** Why not, in words an engineer can act on. */
  reason: string;
}

type Grid = Cell[][];

const rowKey = (row: readonly Cell[]): string => row.map(cellKey).join('\u0001');

function normaliseRows(rows: readonly (readonly unknown[])[]): Grid {
  return rows.map((row) => row.map(normaliseCell));
}

function column(grid: Grid, index: number): Cell[] {
  return grid.map((row) => row[index] ?? null);
}

function sameSequence(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

function sameMultiset(a: readonly string[], b: readonly string[]): boolean {
  return sameSequence([...a].sort(), [...b].sort());
}

/** Engine columns whose values could be this gold column (a cheap filter before the row-wise check). */
function candidatesFor(goldColumn: Cell[], engine: Grid, width: number, ordered: boolean): number[] {
  const goldKeys = goldColumn.map(cellKey);
  const result: number[] = [];
  for (let index = 0; index < width; index++) {
    const engineKeys = column(engine, index).map(cellKey);
    if (ordered ? sameSequence(goldKeys, engineKeys) : sameMultiset(goldKeys, engineKeys)) result.push(index);
  }
  return result;
}

function rowsMatch(gold: Grid, engine: Grid, mapping: readonly number[], ordered: boolean): boolean {
  const goldRows = gold.map(rowKey);
  const projected = engine.map((row) => rowKey(mapping.map((index) => row[index] ?? null)));
  return ordered ? sameSequence(goldRows, projected) : sameMultiset(goldRows, projected);
}

/** Tries every injective assignment of gold columns to their candidate engine columns. */
function findMapping(gold: Grid, engine: Grid, candidates: readonly number[][], ordered: boolean): boolean {
  const chosen: number[] = [];
  const used = new Set<number>();
  const search = (goldIndex: number): boolean => {
    if (goldIndex === candidates.length) return rowsMatch(gold, engine, chosen, ordered);
    for (const engineIndex of candidates[goldIndex] ?? []) {
      if (used.has(engineIndex)) continue;
      used.add(engineIndex);
      chosen.push(engineIndex);
      if (search(goldIndex + 1)) return true;
      chosen.pop();
      used.delete(engineIndex);
    }
    return false;
  };
  return search(0);
}

/**
 * A comparison of two values may come back as one row with two columns or as two rows with one value
 * each; the gold set writes the latter, so a single engine row is also tried as a column.
 */
function transposeSingleRow(engine: Grid): Grid | null {
  const [only] = engine;
  if (engine.length !== 1 || only === undefined || only.length < 2) return null;
  return only.map((cell) => [cell]);
}

function widthOf(grid: Grid): number {
  return grid.reduce((max, row) => Math.max(max, row.length), 0);
}

function compareGrids(gold: Grid, engine: Grid, ordered: boolean): CompareVerdict {
  if (gold.length !== engine.length) {
    return { match: false, reason: `expected ${gold.length} row(s), got ${engine.length}` };
  }
  const goldWidth = widthOf(gold);
  const engineWidth = widthOf(engine);
  if (engineWidth < goldWidth) {
    return { match: false, reason: `expected ${goldWidth} column(s), got ${engineWidth}` };
  }
  const candidates = Array.from({ length: goldWidth }, (_, index) => candidatesFor(column(gold, index), engine, engineWidth, ordered));
  const missing = candidates.findIndex((list) => list.length === 0);
  if (missing >= 0) {
    const sample = column(gold, missing).slice(0, 3).map((cell) => JSON.stringify(cell)).join(', ');
    return { match: false, reason: `no engine column holds gold column ${missing + 1} (${sample}${gold.length > 3 ? ', ...' : ''})${ordered ? ' in this order' : ''}` };
  }
  if (findMapping(gold, engine, candidates, ordered)) return { match: true, reason: 'match' };
  return { match: false, reason: ordered ? 'values match column by column but not row by row in this order' : 'values match column by column but not row by row' };
}

export function compareResults(goldRows: readonly (readonly unknown[])[], engineRows: readonly (readonly unknown[])[], ordered: boolean): CompareVerdict {
  const gold = normaliseRows(goldRows);
  const engine = normaliseRows(engineRows);
  if (gold.length === 0 && engine.length === 0) return { match: true, reason: 'both empty' };
  const direct = compareGrids(gold, engine, ordered);
  if (direct.match) return direct;
  const transposed = widthOf(gold) === 1 ? transposeSingleRow(engine) : null;
  if (transposed !== null) {
    const viaTranspose = compareGrids(gold, transposed, ordered);
    if (viaTranspose.match) return { match: true, reason: 'match (one engine row read as a column)' };
  }
  return direct;
}
