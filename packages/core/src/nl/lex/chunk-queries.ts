/** Questions asked of one chunk: which keyword it is, which model elements it names. */
import type { FieldRef } from '../../plan/query-plan';
import type { Keyword } from './keywords';
import type { LexEntry } from './lexicon';
import type { Chunk } from './segment';

export function keywordKind<K extends Keyword['kind']>(chunk: Chunk | undefined, kind: K): Extract<Keyword, { kind: K }> | undefined {
  if (chunk === undefined || chunk.kind !== 'keyword' || chunk.keyword.kind !== kind) return undefined;
  return chunk.keyword as Extract<Keyword, { kind: K }>;
}

export function isNoise(chunk: Chunk | undefined): boolean {
  return chunk !== undefined && chunk.kind === 'keyword' && chunk.keyword.kind === 'noise';
}

export const fieldEntries = (entries: readonly LexEntry[]): FieldRef[] =>
  entries.flatMap((e) => (e.kind === 'field' && !e.hidden ? [{ entity: e.entity, field: e.field }] : []));
export const hiddenEntries = (entries: readonly LexEntry[]): boolean => entries.length > 0 && entries.every((e) => e.kind === 'field' && e.hidden);
export const measureEntries = (entries: readonly LexEntry[]): Array<{ entity: string; measure: string }> =>
  entries.flatMap((e) => (e.kind === 'measure' ? [{ entity: e.entity, measure: e.measure }] : []));
export const entityEntries = (entries: readonly LexEntry[]): string[] => entries.flatMap((e) => (e.kind === 'entity' ? [e.entity] : []));
