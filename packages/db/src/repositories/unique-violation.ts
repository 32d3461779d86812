/**
 * A unique constraint violation: P2002 from Prisma's model queries; from the raw INSERTs of the first-answer
 * write (answer-repository.ts) the driver's own error, wrapped by the adapter (SQLite "UNIQUE constraint
 * failed", PostgreSQL 23505).
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if ('code' in error && (error as { code: unknown }).code === 'P2002') return true;
  const text = `${error instanceof Error ? error.message : ''} ${JSON.stringify((error as { meta?: unknown }).meta ?? null)}`;
  return /UNIQUE constraint failed|SQLITE_CONSTRAINT_UNIQUE|duplicate key value violates unique constraint|\b23505\b/.test(text);
}
