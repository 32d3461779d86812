/**
 * The paging convention of every list the API returns: `?limit=` (1-100, default 20) and `?cursor=` (the
 * `nextCursor` of the previous page, opaque), answering `{ items, nextCursor }` with `nextCursor` null on
 * the last page. The cursor is the last item's position (its time and id) in base64url JSON: a keyset,
 * so a page never repeats or skips items when new ones arrive meanwhile.
 */
import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export interface PagePosition {
  createdAt: Date;
  id: string;
}

const positionSchema = z.object({ t: z.iso.datetime(), i: z.string().min(1).max(100) }).strict();

export function encodeCursor(position: PagePosition): string {
  return Buffer.from(JSON.stringify({ t: position.createdAt.toISOString(), i: position.id })).toString('base64url');
}

/** The position a cursor names, or undefined when it is not one this API wrote. */
export function decodeCursor(cursor: string): PagePosition | undefined {
  try {
    const parsed = positionSchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return parsed.success ? { createdAt: new Date(parsed.data.t), id: parsed.data.i } : undefined;
  } catch {
    return undefined;
  }
}

/** `limit` and `cursor` as query parameters (strings on the wire). */
export const pageQueryShape = {
  limit: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').max(MAX_PAGE_SIZE, `must be at most ${MAX_PAGE_SIZE}`).default(DEFAULT_PAGE_SIZE),
  cursor: z
    .string()
    .max(400)
    .refine((value) => decodeCursor(value) !== undefined, { message: 'is not a cursor this API returned' })
    .optional(),
};

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last page.' }) }).strict();
}

/** One page from `limit + 1` fetched rows: the extra row only says that there is a next page. */
export function toPage<R extends PagePosition, T>(rows: readonly R[], limit: number, toItem: (row: R) => T): { items: T[]; nextCursor: string | null } {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return { items: shown.map(toItem), nextCursor: rows.length > limit && last !== undefined ? encodeCursor(last) : null };
}
