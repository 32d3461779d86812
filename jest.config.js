/**
 * One Jest run for the whole monorepo. TypeScript is transformed by swc (fast, no type-check;
 * `npm run typecheck` does that). The global setup starts a throwaway PostgreSQL when
 * ASKDATA_TEST_PG_URL is not set, and a throwaway MariaDB when ASKDATA_TEST_MYSQL_URL is not set, so
 * `npm test` runs the PostgreSQL and MariaDB suites for real.
 */
const swc = ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } }];
module.exports = {
  testEnvironment: 'node',
  // Workspace packages that publish built files (packages/client) point this condition at their source.
  testEnvironmentOptions: { customExportConditions: ['node', 'node-addons', 'askdata-source'] },
  // jose (tenant tokens) ships only ES modules: swc turns its files into CommonJS like ours.
  transform: { '^.+\\.ts$': swc, '^.+/node_modules/jose/.+\\.js$': swc },
  transformIgnorePatterns: ['/node_modules/(?!jose/)'],
  testMatch: [
    '<rootDir>/packages/*/src/**/*.test.ts',
    '<rootDir>/packages/*/test/**/*.test.ts',
    '<rootDir>/apps/*/src/**/*.test.ts',
    '<rootDir>/apps/*/test/**/*.test.ts',
    '<rootDir>/test-support/**/*.test.ts',
    '<rootDir>/eval/**/*.test.ts',
    '<rootDir>/bench/**/*.test.ts',
    '<rootDir>/scripts/**/*.test.ts',
  ],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  globalSetup: '<rootDir>/test-support/jest-global-setup.ts',
  globalTeardown: '<rootDir>/test-support/jest-global-teardown.ts',
  testTimeout: 30000,
};
