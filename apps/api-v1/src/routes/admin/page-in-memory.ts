/** The paging convention over a list already in memory (the taught entries): newest first, keyset by time and id. */
import { decodeCursor, toPage } from '@askdata/contract';

export function pageInMemory<R extends { createdAt: Date; id: string }, T>(rows: readonly R[], query: { limit: number; cursor?: string | undefined }, toItem: (row: R) => T) {
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const newestFirst = [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
  const rest = after === undefined ? newestFirst : newestFirst.filter((r) => r.createdAt < after.createdAt || (r.createdAt.getTime() === after.createdAt.getTime() && r.id < after.id));
  return toPage(rest.slice(0, query.limit + 1), query.limit, toItem);
}
