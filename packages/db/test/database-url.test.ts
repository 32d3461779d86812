import path from 'node:path';
import { parseDatabaseUrl, redactUrl } from '../src/database-url';

test('SQLite: file: URLs and bare paths, relative to the cwd', () => {
  expect(parseDatabaseUrl('file:./data/app.db')).toEqual({ kind: 'sqlite', file: path.resolve('data/app.db') });
  expect(parseDatabaseUrl('file:/abs/x.db')).toEqual({ kind: 'sqlite', file: '/abs/x.db' });
  expect(parseDatabaseUrl('/abs/y.db')).toEqual({ kind: 'sqlite', file: '/abs/y.db' });
  expect(parseDatabaseUrl('rel.db')).toEqual({ kind: 'sqlite', file: path.resolve('rel.db') });
});

test('PostgreSQL: discrete pool fields from the URL', () => {
  const target = parseDatabaseUrl('postgresql://u%40x:p%2Fw@db.example:6543/app?sslmode=require&schema=askdata');
  expect(target).toMatchObject({
    kind: 'postgres',
    pool: { host: 'db.example', port: 6543, user: 'u@x', password: 'p/w', database: 'app', ssl: { rejectUnauthorized: false } },
    schema: 'askdata',
  });
  expect(parseDatabaseUrl('postgres://localhost/app')).toMatchObject({ pool: { host: 'localhost', port: 5432, database: 'app' } });
});

test('bad URLs fail with a clear message', () => {
  expect(() => parseDatabaseUrl('')).toThrow(/empty/);
  expect(() => parseDatabaseUrl('mysql://x/y')).toThrow(/unsupported/);
  expect(() => parseDatabaseUrl('file::memory:')).toThrow(/file path/);
});

test('redactUrl hides the password', () => {
  expect(redactUrl('postgres://me:secret@h/db')).toBe('postgres://me:***@h/db');
});
