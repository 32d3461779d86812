/**
 * Who may see a record: the API key that created it (null for the legacy app) and its tenant key. In a
 * file of its own so that the store's parts (store.ts, teach-store.ts) both name it without importing
 * each other (test-support/import-circles.test.ts).
 */
export interface Owner {
  /** API key id; `null` for requests through apps/ask-legacy (no key) or keys from the API_KEYS env. */
  apiKeyId: string | null;
  /** An env key's id derived from the key (`env:<24 hex>`, see envKeyPrincipal) when apiKeyId is null on v1; "legacy" for ask-legacy. */
  principal: string;
  /** Canonical JSON of the applied tenancy context values, e.g. `{"orgId":1}`; "{}" when none. */
  tenantKey: string;
}
