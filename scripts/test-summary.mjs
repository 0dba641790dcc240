// Prints one closing line for the whole `npm test` run from the JSON reports of vitest and
// Playwright, and fails when any test failed or no test ran.
import { existsSync, readFileSync } from 'node:fs';

const counts = { passed: 0, failed: 0, skipped: 0 };

const unitReport = 'test-results/unit.json';
if (existsSync(unitReport)) {
  const unit = JSON.parse(readFileSync(unitReport, 'utf8'));
  counts.passed += unit.numPassedTests ?? 0;
  counts.failed += unit.numFailedTests ?? 0;
  counts.skipped += (unit.numPendingTests ?? 0) + (unit.numTodoTests ?? 0);
}

const e2eReport = 'test-results/e2e.json';
if (existsSync(e2eReport)) {
  const e2e = JSON.parse(readFileSync(e2eReport, 'utf8'));
  counts.passed += (e2e.stats?.expected ?? 0) + (e2e.stats?.flaky ?? 0);
  counts.failed += e2e.stats?.unexpected ?? 0;
  counts.skipped += e2e.stats?.skipped ?? 0;
  // A browser test that failed once and passed on its retry is reported, not hidden.
  if (e2e.stats?.flaky) console.log(`flaky browser tests (passed on retry): ${e2e.stats.flaky}`);
}

console.log(`tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
if (counts.failed > 0 || counts.passed === 0) process.exit(1);
