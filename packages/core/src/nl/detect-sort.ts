/**
 * Sort orders asked for in words: "ordered by age", "sort employee names by their age", "in descending
 * order of age", "in ascending alphabetical order by the name", "in reverse alphabetical order". The field
 * is read here; a bare direction ("in reverse alphabetical order") sorts what the list shows, decided when
 * the plan is built. Runs before breakdowns, so the "by" of "sorted by age" is never read as "by age".
 */
import type { FieldRef, SortDirection } from '../plan/query-plan';
import { type Reading, consume, fieldEntries, keywordKind } from './reading';

/** Words between an order phrase and its field that change nothing: "of", "by", "the", "their". */
const LINKS = new Set(['of', 'by', 'for', 'the', 'their', 'its', 'his', 'her', 'on', 'according', 'to', 'a']);

function isLink(reading: Reading, index: number): boolean {
  const chunk = reading.chunks[index];
  return chunk !== undefined && LINKS.has(chunk.text);
}

/** The first field named after `index`, skipping link words (and a direction word), or -1. */
function fieldAfter(reading: Reading, index: number): number {
  for (let i = index + 1; i < reading.chunks.length; i++) {
    if (reading.used[i]) return -1;
    const chunk = reading.chunks[i]!;
    if (isLink(reading, i) || keywordKind(chunk, 'direction') !== undefined) continue;
    return chunk.kind === 'lex' && fieldEntries(chunk.entries).length > 0 ? i : -1;
  }
  return -1;
}

function byAfter(reading: Reading, index: number): number {
  for (let i = index + 1; i < reading.chunks.length && i <= index + 4; i++) {
    if (reading.used[i]) return -1;
    if (reading.chunks[i]!.text === 'by') return i;
  }
  return -1;
}

function directionNear(reading: Reading, from: number, to: number): { index: number; direction: SortDirection } | undefined {
  for (let i = Math.max(0, from); i <= to && i < reading.chunks.length; i++) {
    const direction = keywordKind(reading.chunks[i], 'direction');
    if (direction !== undefined && !reading.used[i]) return { index: i, direction: direction.direction };
  }
  return undefined;
}

function record(reading: Reading, fields: FieldRef[] | undefined, direction: SortDirection | undefined, used: number[]): void {
  reading.sort = { direction: direction ?? 'asc', ...(fields === undefined ? {} : { fields }), explicitDirection: direction !== undefined };
  consume(reading, [...new Set(used)].sort((a, b) => a - b));
}

/**
 * "newest first", "most recent first", "from oldest to newest": the rows in the order of their own date.
 * Age words that measure a field ("oldest" singer by age) are scales, read in detect-scales.ts.
 */
function dateOrder(reading: Reading, index: number): boolean {
  const { chunks } = reading;
  const recent = keywordKind(chunks[index], 'recent');
  if (recent === undefined || chunks[index]!.text === 'first') return false;
  if (chunks[index + 1]?.text === 'first' && !reading.used[index + 1]) {
    reading.sort = { direction: recent.direction, explicitDirection: true, byDate: recent.direction };
    consume(reading, [index, index + 1]);
    return true;
  }
  const from = chunks[index - 1]?.text === 'from' ? index - 1 : chunks[index - 1]?.text === 'the' && chunks[index - 2]?.text === 'from' ? index - 2 : -1;
  const to = chunks[index + 1]?.text === 'to' ? index + 1 : -1;
  const after = to < 0 ? -1 : chunks[to + 1]?.text === 'the' ? to + 2 : to + 1;
  const other = after < 0 ? undefined : keywordKind(chunks[after], 'recent');
  if (from < 0 || other === undefined || other.direction === recent.direction) return false;
  reading.sort = { direction: recent.direction, explicitDirection: true, byDate: recent.direction };
  consume(reading, range(from - 1, after));
  return true;
}

export function detectSort(reading: Reading): void {
  const { chunks } = reading;
  for (let i = 0; i < chunks.length; i++) if (!reading.used[i] && reading.sort === undefined && dateOrder(reading, i)) break;
  for (let i = 0; i < chunks.length; i++) {
    if (reading.used[i] || reading.sort !== undefined) continue;
    const sort = keywordKind(chunks[i], 'sort');
    const direction = keywordKind(chunks[i], 'direction');
    if (sort === undefined && direction === undefined) continue;
    // "sort employee names by their age": the field follows the "by", not the sort word.
    const by = sort !== undefined && !chunks[i]!.text.endsWith('by') ? byAfter(reading, i) : -1;
    const anchor = by >= 0 ? by : i;
    const field = fieldAfter(reading, anchor);
    if (field >= 0) {
      const chunk = chunks[field]!;
      const near = direction !== undefined ? { index: i, direction: direction.direction } : directionNear(reading, i + 1, field + 2);
      record(reading, fieldEntries(chunk.kind === 'lex' ? chunk.entries : []), near?.direction, [i, ...(by >= 0 ? [by] : []), ...range(anchor, field), ...(near === undefined ? [] : [near.index])]);
      continue;
    }
    if (direction !== undefined) record(reading, undefined, direction.direction, [i]);
    else {
      const near = directionNear(reading, i + 1, i + 2);
      if (near !== undefined) record(reading, undefined, near.direction, [i, near.index]);
    }
  }
}

/** Indexes strictly between a and b (the link words that were skipped). */
function range(a: number, b: number): number[] {
  const out: number[] = [];
  for (let i = a + 1; i <= b; i++) out.push(i);
  return out;
}
