/**
 * After the load: every successful answer must be in the store exactly once. v1 answers carry their id,
 * so each id is looked up; legacy answers carry none, so their count is compared with the store's count
 * of legacy answers (the store starts empty for each run).
 *
 * The store may hold a few more answers than the client saw: when the duration ends autocannon drops the
 * requests still in flight, but the server finishes and persists them. At most one per connection per app,
 * so anything beyond that would be a duplicate.
 */
import Database from 'better-sqlite3';

export interface StoreCheck {
  v1: { answered: number; stored: number; missingIds: number; duplicateIds: number };
  legacy: { answered: number; stored: number };
  /** Stored but never acknowledged to the client: requests in flight when the load stopped. */
  inFlightAtStop: number;
  lost: number;
  duplicated: number;
}

export function checkStore(storeFile: string, v1Ids: readonly string[], legacyAnswered: number, connections: number): StoreCheck {
  const db = new Database(storeFile, { readonly: true });
  try {
    const storedV1 = new Set((db.prepare("select id from Answer where principal <> 'legacy'").all() as { id: string }[]).map((row) => row.id));
    const legacyStored = (db.prepare("select count(*) as n from Answer where principal = 'legacy'").get() as { n: number }).n;
    const uniqueIds = new Set(v1Ids);
    const missingIds = [...uniqueIds].filter((id) => !storedV1.has(id)).length;
    const duplicateIds = v1Ids.length - uniqueIds.size;
    const extraV1 = Math.max(0, storedV1.size - uniqueIds.size);
    const extraLegacy = Math.max(0, legacyStored - legacyAnswered);
    const beyond = (extra: number): number => Math.max(0, extra - connections);
    return {
      v1: { answered: v1Ids.length, stored: storedV1.size, missingIds, duplicateIds },
      legacy: { answered: legacyAnswered, stored: legacyStored },
      inFlightAtStop: extraV1 + extraLegacy,
      lost: missingIds + Math.max(0, legacyAnswered - legacyStored),
      duplicated: duplicateIds + beyond(extraV1) + beyond(extraLegacy),
    };
  } finally {
    db.close();
  }
}
