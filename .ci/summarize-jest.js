// Reads Jest's --json results and prints the one line CI reads ("N passed, N failed").
// Fails when the PostgreSQL suites (files named *.pg.test.ts) did not run or ran no test, and when
// any test was skipped: a skipped test is a defect here, not a pass.
const fs = require('node:fs');
const results = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const passed = results.numPassedTests;
const failed = results.numFailedTests + (results.numRuntimeErrorTestSuites || 0);
const skipped = results.numPendingTests + (results.numTodoTests || 0);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);

const problems = [];
const pgSuites = results.testResults.filter((suite) => /\.pg\.test\.ts$/.test(suite.name));
const pgPassed = pgSuites.reduce((sum, suite) => sum + suite.assertionResults.filter((t) => t.status === 'passed').length, 0);
if (pgSuites.length === 0 || pgPassed === 0) problems.push('the PostgreSQL suites (*.pg.test.ts) did not run or ran no test');
if (skipped > 0) problems.push(`${skipped} test(s) were skipped or todo`);
if (passed === 0) problems.push('no test passed');
for (const problem of problems) console.error(`CI check failed: ${problem}`);
process.exit(problems.length > 0 || failed > 0 ? 1 : 0);
