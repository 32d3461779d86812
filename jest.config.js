/** One Jest run for the whole monorepo: TypeScript is transformed by swc (fast, no type-check; `npm run typecheck` does that). */
const swc = ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } }];
module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swc },
  testMatch: ['<rootDir>/packages/*/src/**/*.test.ts', '<rootDir>/packages/*/test/**/*.test.ts', '<rootDir>/apps/*/src/**/*.test.ts', '<rootDir>/apps/*/test/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  testTimeout: 30000,
};
