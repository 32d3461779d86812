import type pg from 'pg';
import { pgDriver } from '../postgres-drivers';

/**
 * A pg Client that reports catalog columns of type `"char"` (OID 18, e.g. pg_class.relkind) as `text`.
 * The schema engine reads such columns while introspecting, and the Prisma pg adapter rejects OID 18 as
 * an unsupported type. pg already returns their values as strings, so only the reported type changes.
 * Used for the migration engine's connections only. The class is made on first use, since it extends
 * pg's Client and pg is loaded only for a PostgreSQL store (postgres-drivers.ts).
 */
const CHAR_OID = 18;
const TEXT_OID = 25;

interface FieldsCarrier {
  fields?: Array<{ dataTypeID: number }>;
}

function reportCharAsText<T>(result: T): T {
  for (const part of Array.isArray(result) ? (result as unknown[]) : [result]) {
    for (const field of (part as FieldsCarrier | undefined)?.fields ?? []) {
      if (field.dataTypeID === CHAR_OID) field.dataTypeID = TEXT_OID;
    }
  }
  return result;
}

type AnyQuery = (...args: unknown[]) => unknown;

let made: typeof pg.Client | undefined;

export function charSafePgClient(): typeof pg.Client {
  made ??= makeCharSafePgClient(pgDriver().Client);
  return made;
}

function makeCharSafePgClient(Client: typeof pg.Client): typeof pg.Client {
  return class CharSafePgClient extends Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      const original = (Client.prototype.query as AnyQuery).bind(this);
      // pg.Pool calls query with a callback; the adapter's own calls use the promise form. Cover both.
      const patched: AnyQuery = (...args) => {
        const last = args[args.length - 1];
        if (typeof last === 'function') {
          args[args.length - 1] = (err: unknown, res: unknown) => (last as AnyQuery)(err, err ? res : reportCharAsText(res));
          return original(...args);
        }
        const out = original(...args);
        return out instanceof Promise ? out.then(reportCharAsText) : out;
      };
      (this as unknown as { query: AnyQuery }).query = patched;
    }
  };
}
