/**
 * The business readings introspection made on each database a set ran on (issue 38), kept beside the set's
 * per-question results (eval/.cache/readings/<set>.json) so that docs/accuracy.md can say, for each reading
 * rule, how often it fired and how precise the answers it took part in were, on every set.
 *
 * Kept in its own folder, not in results/: compare-runs reads every file there as per-question results.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BusinessReading } from '@askdata/core';
import { CACHE_DIR } from './eval-config';

export interface ReadingsMade {
  /** Rule name -> the number of readings it made, and on how many databases. */
  [rule: string]: { readings: number; databases: number };
}

const READINGS_DIR = join(CACHE_DIR, 'readings');
const byDatabase = new Map<string, readonly BusinessReading[]>();

/** Called once per database opened (run-set.ts); a database opened twice counts once. */
export function noteReadingsMade(database: string, readings: readonly BusinessReading[]): void {
  byDatabase.set(database, readings);
}

export function clearReadingsMade(): void {
  byDatabase.clear();
}

/** The tally of what was noted since the last clear, by rule. */
export function tallyReadingsMade(): ReadingsMade {
  const made: ReadingsMade = {};
  for (const readings of byDatabase.values()) {
    const rulesHere = new Set<string>();
    for (const reading of readings) {
      const entry = (made[reading.rule] ??= { readings: 0, databases: 0 });
      entry.readings++;
      if (!rulesHere.has(reading.rule)) entry.databases++;
      rulesHere.add(reading.rule);
    }
  }
  return made;
}

const readingsPath = (set: string): string => join(READINGS_DIR, `${set.replace(/[^\w.-]+/g, '_')}.json`);

/** Stores what was noted for `set` and starts afresh for the next set. */
export function writeReadingsMade(set: string): void {
  mkdirSync(READINGS_DIR, { recursive: true });
  writeFileSync(readingsPath(set), JSON.stringify(tallyReadingsMade(), null, 1));
  clearReadingsMade();
}

/** The last stored tally of a set, or undefined when the set has not been run since this was added. */
export function storedReadingsMade(set: string): ReadingsMade | undefined {
  const path = readingsPath(set);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as ReadingsMade) : undefined;
}
