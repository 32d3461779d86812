// Reads Jest's --json results and prints the one line CI reads ("N passed, N failed").
// Fails when the PostgreSQL suites did not run or ran no test (a PostgreSQL test is one in a file named
// *.pg.test.ts or whose describe/test title names PostgreSQL), and when any test was skipped: a skipped
// test is a defect here, not a pass.
const fs = require('node:fs');
const results = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const passed = results.numPassedTests;
const failed = results.numFailedTests + (results.numRuntimeErrorTestSuites || 0);
const skipped = results.numPendingTests + (results.numTodoTests || 0);
const problems = [];
const isPostgresTest = (suite, test) => /\.pg\.test\.ts$/.test(suite.name) || /postgres/i.test(test.fullName);
const pgPassed = results.testResults.reduce(
  (sum, suite) => sum + suite.assertionResults.filter((test) => test.status === 'passed' && isPostgresTest(suite, test)).length,
  0,
);
console.log(`PostgreSQL tests passed: ${pgPassed}`);
if (pgPassed === 0) problems.push('the PostgreSQL suites did not run or ran no test');
if (skipped > 0) problems.push(`${skipped} test(s) were skipped or todo`);
if (passed === 0) problems.push('no test passed');
for (const problem of problems) console.log(`CI check failed: ${problem}`);
// The closing line CI reads: it must be the last thing printed.
console.log(`${passed} passed, ${failed + problems.length} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(problems.length > 0 || failed > 0 ? 1 : 0);
