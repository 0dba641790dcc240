import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { beginFileErrorLogs, beginTestErrorLogs, checkFileErrorLogs, checkTestErrorLogs } from './error-logs.js';

// An unexpected console.error is a defect: fail the test that caused it.
const consoleError = vi.spyOn(console, 'error');

// So is a deprecation warning, Node's own (DeprecationWarning, DEP codes) or a library's (Fastify's
// FSTDEP codes, some named FastifyWarning): it names an API the next major version removes. Node
// emits it on the next tick, some only once per process, so the test that first uses the API
// fails, or the file when it came from a file's closing hooks. One listener per worker: the files
// of a worker share its process (vitest.config.ts, `isolate: false`), and this runs for each.
const deprecations: string[] = ((globalThis as { carpoolTestDeprecations?: string[] }).carpoolTestDeprecations ??= (() => {
  const seen: string[] = [];
  process.on('warning', (warning: Error & { code?: string }) => {
    if (/Deprecation/.test(warning.name) || /^(FST)?DEP\d/.test(warning.code ?? '')) seen.push(`${warning.code ?? warning.name}: ${warning.message}`);
  });
  return seen;
})());

function failOnDeprecations(): void {
  const warned = deprecations.splice(0);
  if (warned.length > 0) throw new Error(`a deprecated API was used: ${warned.join('\n')}`);
}

// And so is an error-level log line of an app that the test did not allow (./error-logs.ts).
beginFileErrorLogs();
beforeEach(() => {
  beginTestErrorLogs();
});

/** Runs every check, then fails with what each found (one failing check does not hide another). */
function runChecks(...checks: Array<() => void>): void {
  const failures: string[] = [];
  for (const check of checks) {
    try {
      check();
    } catch (error) {
      failures.push((error as Error).message);
    }
  }
  if (failures.length > 0) throw new Error(failures.join('\n\n'));
}

// Registered first, so it runs after the file's own afterEach hooks (an app closed there may log).
afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockClear();
  runChecks(
    () => {
      if (calls.length > 0) throw new Error(`console.error was called: ${calls.map((c) => c.join(' ')).join('\n')}`);
    },
    failOnDeprecations,
    checkTestErrorLogs,
  );
});

// Registered first, so it runs after the file's own closing hooks.
afterAll(async () => {
  await new Promise((resolve) => setImmediate(resolve));
  runChecks(failOnDeprecations, checkFileErrorLogs);
});
