import { afterAll, afterEach, vi } from 'vitest';

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

afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockClear();
  if (calls.length > 0) throw new Error(`console.error was called: ${calls.map((c) => c.join(' ')).join('\n')}`);
  failOnDeprecations();
});

// Registered first, so it runs after the file's own closing hooks.
afterAll(async () => {
  await new Promise((resolve) => setImmediate(resolve));
  failOnDeprecations();
});
