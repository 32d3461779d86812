/**
 * The paging convention of every list the API returns: `?limit=` (1-100, default 20) and `?cursor=` (the
 * `nextCursor` of the previous page, opaque), answering `{ items, nextCursor }` with `nextCursor` null on
 * the last page. The cursor is the last item's position (its time and id) in base64url JSON: a keyset,
 * so a page never repeats or skips items when new ones arrive meanwhile. A page also ends early, before
 * `limit`, when one more item would take its JSON past MAX_PAGE_BYTES (issue 25, item 2): no list answers
 * with an unbounded body, whatever its items hold.
 */
import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** The most bytes of JSON one page of any list answers with (with or without `limit`). */
export const MAX_PAGE_BYTES = 5_000_000;
/** What the `limit` parameter's description says of the byte bound. */
export const DEFAULT_PAGE_BYTES_NOTE = `a page also ends before the item that would take it past ${MAX_PAGE_BYTES.toLocaleString('en-US')} bytes`;
/** Room kept for a page's own fields around its items (`nextCursor`, a conversation's id and time). */
const ENVELOPE_BYTES = 1_000;

export const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');

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

/**
 * One page from `limit + 1` fetched rows: the extra row only says that there is a next page. Items are
 * taken while the page's JSON stays within `maxBytes` (at least one item: every item is bounded on its own,
 * by the question and body limits or the stored-answer cap); `maxBytes` less what the caller adds beside.
 */
export function toPage<R extends PagePosition, T>(rows: readonly R[], limit: number, toItem: (row: R) => T, maxBytes: number = MAX_PAGE_BYTES): { items: T[]; nextCursor: string | null } {
  const items: T[] = [];
  let used = ENVELOPE_BYTES;
  let last: R | undefined;
  for (const row of rows.slice(0, limit)) {
    const item = toItem(row);
    const size = jsonBytes(item) + 1;
    if (items.length > 0 && used + size > maxBytes) break;
    items.push(item);
    used += size;
    last = row;
  }
  return { items, nextCursor: rows.length > items.length && last !== undefined ? encodeCursor(last) : null };
}

/**
 * A JSON lines export, one line per row in the order given, as many lines as fit in `maxBytes` (at least
 * one); `nextCursor` (the last line's position) continues after it, for a `Link: rel="next"` header.
 */
export function toLinesPage<R extends PagePosition>(rows: readonly R[], toLine: (row: R) => string, maxBytes: number = MAX_PAGE_BYTES): { text: string; nextCursor: string | null } {
  const lines: string[] = [];
  let used = 0;
  let last: R | undefined;
  for (const row of rows) {
    const line = `${toLine(row)}\n`;
    const size = Buffer.byteLength(line, 'utf8');
    if (lines.length > 0 && used + size > maxBytes) break;
    lines.push(line);
    used += size;
    last = row;
  }
  return { text: lines.join(''), nextCursor: rows.length > lines.length && last !== undefined ? encodeCursor(last) : null };
}
