import * as db from '../src/index';

test('the package entry exposes the public API', () => {
  for (const name of ['openStore', 'migrate', 'generateApiKey', 'hashApiKey', 'keyPrefix', 'parseDatabaseUrl'] as const) {
    expect(typeof db[name]).toBe('function');
  }
  expect(db.defaultDatabaseUrl).toMatch(/^file:\/.*\/data\/app\.db$/);
});
