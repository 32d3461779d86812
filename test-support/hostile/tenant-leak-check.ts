/**
 * Independent checks that an answer holds only the caller's organisation's data, by direct SQL on the
 * warehouse (never through core): every string value in the answer that names a product, category,
 * customer, city or organisation must exist in the caller's organisation if it exists in another one,
 * no personal field (email) may appear at all, and an answer that states another organisation's order
 * total but not the caller's is a leak.
 */
import Database from 'better-sqlite3';

interface OrgFacts {
  labels: Set<string>;
  orderCount: number;
}

export interface LeakChecker {
  /** Problems found in `body` for a caller of organisation `org` (empty when clean). */
  leaksIn(body: unknown, org: number): string[];
}

/** Opaque ids are random and can contain any digit run ("ans_…375…"); they carry no data, so skip them. */
const OPAQUE_ID_KEYS = new Set(['id', 'conversationId', 'requestId', 'instance']);

function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((item) => stringsIn(item, out));
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) if (!OPAQUE_ID_KEYS.has(key)) stringsIn(item, out);
  }
  return out;
}

export function createLeakChecker(warehousePath: string): LeakChecker {
  const db = new Database(warehousePath, { readonly: true });
  const facts = new Map<number, OrgFacts>();
  let emails: string[];
  try {
    const labelsOf = db.prepare(`
      select title as v from products where organisation_id = @org union select category from products where organisation_id = @org
      union select name from users where organisation_id = @org union select city from users where organisation_id = @org
      union select name from organisations where id = @org`);
    const orgs = (db.prepare('select id from organisations').all() as { id: number }[]).map((row) => row.id);
    for (const id of orgs) {
      const labels = new Set((labelsOf.all({ org: id }) as { v: string }[]).map((row) => row.v));
      const orderCount = (db.prepare('select count(*) as n from orders where organisation_id = ?').get(id) as { n: number }).n;
      facts.set(id, { labels, orderCount });
    }
    emails = (db.prepare('select email from users where email is not null limit 2000').all() as { email: string }[]).map((row) => row.email);
  } finally {
    db.close();
  }

  return {
    leaksIn(body, org) {
      const problems: string[] = [];
      const own = facts.get(org);
      const values = stringsIn(body);
      const text = values.join('\n');
      for (const value of values) {
        for (const [id, other] of facts) {
          if (id !== org && other.labels.has(value) && !own?.labels.has(value)) problems.push(`"${value}" belongs to organisation ${id}`);
        }
      }
      for (const email of emails) if (text.includes(email)) problems.push(`personal field leaked: ${email}`);
      const numbers = new Set((text.match(/\d[\d,]*/g) ?? []).map((n) => Number(n.replace(/,/g, ''))));
      for (const [id, other] of facts) {
        if (id !== org && other.orderCount !== own?.orderCount && numbers.has(other.orderCount) && !numbers.has(own?.orderCount ?? -1) && /orders?/i.test(text)) {
          problems.push(`states organisation ${id}'s order total ${other.orderCount}`);
        }
      }
      return problems;
    },
  };
}
