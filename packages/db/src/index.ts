/** @askdata/db: the service's own store (Prisma on SQLite or PostgreSQL), migrations and API keys. */
export type * from './store';
export { openStore } from './prisma-store';
export { ownerFor } from './repositories/owner-filter';
export { reserveAnswerIds } from './ids';
export { migrate, type MigrateResult } from './migrate';
export { envKeyPrincipal, generateApiKey, hashApiKey, keyPrefix, API_KEY_PREFIX } from './api-keys';
export { parseDatabaseUrl, redactUrl, type DatabaseTarget } from './database-url';
export { defaultDatabaseUrl, repoRoot } from './paths';
export { isUniqueViolation } from './repositories/unique-violation';
export { StoreUnavailableError, isStoreConnectionError, isStoreBusy, guardStore } from './store-unavailable';
