// Prints the one line CI reads ("N passed, N failed"), summed over every Jest run and CI check.
// Usage: node .ci/summarize-jest.js [--checks <file>] <label>=<jest --json results> ...
// - Each run fails when its PostgreSQL suites did not run or ran no test (a PostgreSQL test is one in a
//   file named *.pg.test.ts or whose describe/test title names PostgreSQL), and when any test was
//   skipped: a skipped test is a defect here, not a pass. A run whose results file is missing or empty
//   counts as one failure.
// - A label that starts with "unit:" names a run of unit tests only (packages/core on the other Node
//   lines), which has no PostgreSQL suite to require; the prefix is dropped when printed.
// - The checks file has one line per CI check, "pass <name>" or "fail <name>" (npm ci on the fresh
//   clone, npm install leaving the lockfile unchanged); each counts as one test.
const fs = require('node:fs');

const args = process.argv.slice(2);
let checksFile;
const runs = [];
for (let i = 0; i < args.length; i += 1) {
  if (args[i] === '--checks') checksFile = args[(i += 1)];
  else {
    const eq = args[i].indexOf('=');
    const label = eq > 0 ? args[i].slice(0, eq) : args[i];
    const unitOnly = label.startsWith('unit:');
    runs.push({ label: unitOnly ? label.slice('unit:'.length) : label, file: eq > 0 ? args[i].slice(eq + 1) : args[i], unitOnly });
  }
}

const isPostgresTest = (suite, test) => /\.pg\.test\.ts$/.test(suite.name) || /postgres/i.test(test.fullName);
let passed = 0;
let failed = 0;
let skipped = 0;

for (const run of runs) {
  if (!fs.existsSync(run.file) || fs.statSync(run.file).size === 0) {
    console.log(`${run.label}: Jest wrote no results`);
    failed += 1;
    continue;
  }
  const results = JSON.parse(fs.readFileSync(run.file, 'utf8'));
  const runPassed = results.numPassedTests;
  const runFailed = results.numFailedTests + (results.numRuntimeErrorTestSuites || 0);
  const runSkipped = results.numPendingTests + (results.numTodoTests || 0);
  const pgPassed = results.testResults.reduce(
    (sum, suite) => sum + suite.assertionResults.filter((test) => test.status === 'passed' && isPostgresTest(suite, test)).length,
    0,
  );
  const problems = [];
  if (pgPassed === 0 && !run.unitOnly) problems.push('the PostgreSQL suites did not run or ran no test');
  if (runSkipped > 0) problems.push(`${runSkipped} test(s) were skipped or todo`);
  if (runPassed === 0) problems.push('no test passed');
  console.log(`${run.label}: ${runPassed} passed, ${runFailed} failed (PostgreSQL tests passed: ${pgPassed})`);
  for (const problem of problems) console.log(`${run.label}: CI check failed: ${problem}`);
  passed += runPassed;
  failed += runFailed + problems.length;
  skipped += runSkipped;
}
if (runs.length === 0) {
  console.log('no Jest results were given');
  failed += 1;
}

if (checksFile !== undefined) {
  const lines = fs.existsSync(checksFile) ? fs.readFileSync(checksFile, 'utf8').split('\n').filter((line) => line.trim() !== '') : [];
  for (const line of lines) {
    const [outcome, ...name] = line.split(' ');
    console.log(`check ${outcome === 'pass' ? 'passed' : 'FAILED'}: ${name.join(' ')}`);
    if (outcome === 'pass') passed += 1;
    else failed += 1;
  }
}

// The closing line CI reads: it must be the last thing printed.
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
