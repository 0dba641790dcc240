import { afterEach, vi } from 'vitest';

// An unexpected console.error is a defect: fail the test that caused it.
const consoleError = vi.spyOn(console, 'error');

// So is a deprecation warning, Node's own or a library's (Fastify's FSTDEP codes): it names an API
// the next major version removes. Node emits each on the next tick, and a library once per process,
// so the test that first uses the API fails. One listener per worker: the files of a worker share
// its process (vitest.config.ts, `isolate: false`), and this file runs for each of them.
const deprecations: string[] = ((globalThis as { carpoolTestDeprecations?: string[] }).carpoolTestDeprecations ??= (() => {
  const seen: string[] = [];
  process.on('warning', (warning) => {
    if (/Deprecation/.test(warning.name)) seen.push(`${warning.name}: ${warning.message}`);
  });
  return seen;
})());

afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockClear();
  if (calls.length > 0) throw new Error(`console.error was called: ${calls.map((c) => c.join(' ')).join('\n')}`);
  const warned = deprecations.splice(0);
  if (warned.length > 0) throw new Error(`a deprecated API was used: ${warned.join('\n')}`);
});
