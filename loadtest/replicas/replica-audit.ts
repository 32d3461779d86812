/**
 * After the replicas run: the PostgreSQL store against what the client was told, request by request
 * (each request's marker, see replica-requests.ts). Lost: a 200 whose answer is not stored. Duplicated:
 * one request stored more than once (the danger of a proxy that retries a POST it already sent).
 * Unacknowledged: stored, but the client got no 200 (in flight on the killed replica, or when the load
 * stopped); those are not lost and not duplicated, and are counted separately.
 */
import pg from 'pg';
import { MARKER_KEY, type Acknowledged } from './replica-requests';

export interface StoreAudit {
  v1: { acknowledged: number; stored: number; lost: number; duplicated: number; unacknowledged: number };
  legacy: { acknowledged: number; stored: number; lost: number; duplicated: number; unacknowledged: number };
  lost: number;
  duplicated: number;
  unacknowledged: number;
  /** Of those: requests that failed (5xx, in flight on the killed replica) after their answer was committed. */
  storedButFailed: number;
}

function compare(acknowledged: readonly string[], storedCounts: ReadonlyMap<string, number>) {
  const told = new Set(acknowledged);
  const lost = [...told].filter((marker) => !storedCounts.has(marker)).length;
  let duplicated = 0;
  let stored = 0;
  let unacknowledged = 0;
  for (const [marker, count] of storedCounts) {
    stored += count;
    duplicated += count - 1;
    if (!told.has(marker)) unacknowledged += 1;
  }
  // The same marker acknowledged twice would mean one request answered twice.
  duplicated += acknowledged.length - told.size;
  return { acknowledged: acknowledged.length, stored, lost, duplicated, unacknowledged };
}

export async function auditStore(storeUrl: string, acknowledged: Acknowledged): Promise<StoreAudit> {
  const client = new pg.Client({ connectionString: storeUrl });
  await client.connect();
  try {
    const v1Rows = await client.query<{ marker: string | null; id: string }>(
      `select c.context->>'${MARKER_KEY}' as marker, a.id from "Answer" a join "Conversation" c on c.id = a."conversationId" where c.origin = 'v1'`,
    );
    const legacyRows = await client.query<{ marker: string; n: string }>(
      `select c."externalId" as marker, count(*) as n from "Answer" a join "Conversation" c on c.id = a."conversationId" where c.origin = 'legacy' group by c."externalId"`,
    );
    const v1Counts = new Map<string, number>();
    const storedIds = new Set<string>();
    for (const row of v1Rows.rows) {
      storedIds.add(row.id);
      // Answers without a marker are not the load's (the nginx-hop measurement before it).
      if (row.marker === null) continue;
      v1Counts.set(row.marker, (v1Counts.get(row.marker) ?? 0) + 1);
    }
    const v1 = compare(acknowledged.v1.map((a) => a.marker), v1Counts);
    // Every answer id the client received is stored (the marker check above already implies it; this reads the ids themselves).
    v1.lost = Math.max(v1.lost, acknowledged.v1.filter((a) => !storedIds.has(a.answerId)).length);
    const legacy = compare(acknowledged.legacy, new Map(legacyRows.rows.map((row) => [row.marker, Number(row.n)])));
    const storedMarkers = new Set([...v1Counts.keys(), ...legacyRows.rows.map((row) => row.marker)]);
    const storedButFailed = acknowledged.failed.filter((marker) => storedMarkers.has(marker)).length;
    return { v1, legacy, lost: v1.lost + legacy.lost, duplicated: v1.duplicated + legacy.duplicated, unacknowledged: v1.unacknowledged + legacy.unacknowledged, storedButFailed };
  } finally {
    await client.end();
  }
}
