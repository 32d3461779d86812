/**
 * The store's PostgreSQL drivers (pg, Prisma's pg adapter and the PostgreSQL Prisma client), loaded the
 * first time a PostgreSQL store needs them. A SQLite store, which is what the CLI and the demo use, never
 * loads them: together they were about 0.1 s of every one-question CLI run. `require` rather than
 * `import()` keeps these synchronous, so the code that builds pools and clients keeps its shape.
 */
import type { PrismaPg } from '@prisma/adapter-pg';
import type pg from 'pg';
import type { PrismaClient as PostgresPrismaClient } from './generated/postgres/client';

export function pgDriver(): typeof pg {
  return require('pg') as typeof pg;
}

export function prismaPgAdapter(): typeof PrismaPg {
  return (require('@prisma/adapter-pg') as typeof import('@prisma/adapter-pg')).PrismaPg;
}

export function postgresPrismaClient(): typeof PostgresPrismaClient {
  return (require('./generated/postgres/client') as typeof import('./generated/postgres/client')).PrismaClient;
}
