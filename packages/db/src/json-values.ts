import { z } from 'zod';
import type { Prisma } from './generated/sqlite/client';

/**
 * JSON columns cross the Prisma boundary here. Writes go through a JSON round trip so that what is
 * stored is exactly what a later read returns (no undefined, Dates as ISO strings, bigints as strings).
 * Reads are checked with zod against the Store's types instead of being cast.
 */
export function toJsonInput(value: unknown): Prisma.InputJsonValue {
  const text = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
  if (text === undefined) throw new Error('askdata: value cannot be stored as JSON');
  return JSON.parse(text) as Prisma.InputJsonValue;
}

export const objectJson = z.record(z.string(), z.unknown());
export const timingsJson = z.record(z.string(), z.number());
export const parametersJson = z.array(z.unknown()).nullable();
export const answerType = z.enum(['text', 'chart', 'table']);
export const rating = z.enum(['positive', 'negative']);
export const origin = z.enum(['v1', 'legacy']);
