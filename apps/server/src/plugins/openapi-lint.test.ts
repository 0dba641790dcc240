import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { createTestApp } from '../test/harness.js';

const require = createRequire(import.meta.url);
const redoclyCli = path.join(path.dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
/** The checked-in lint settings: recommended rules, and the few turned off with their reasons. */
const redoclyConfig = fileURLToPath(new URL('../../../../redocly.yaml', import.meta.url));

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }>;
}

// Building the app and starting the CLI take a while on a busy machine.
it("has no error and no warning under Redocly's recommended rules", { timeout: 120_000 }, async () => {
  const t = await createTestApp('pglite', { config: { testClock: true } });
  const dir = await mkdtemp(path.join(tmpdir(), 'carpool-openapi-'));
  try {
    const file = path.join(dir, 'openapi.json');
    await writeFile(file, (await t.call({ method: 'GET', url: '/api/docs/json' })).body);
    const { stdout } = await promisify(execFile)(process.execPath, [redoclyCli, 'lint', file, '--config', redoclyConfig, '--format=json'], {
      env: {
        ...process.env,
        // Lint offline: no usage data, no check for a newer version.
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
      },
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: { stdout?: string; stderr?: string }) => {
      if (!error.stdout) throw new Error(`redocly lint did not run: ${error.stderr}`);
      return { stdout: error.stdout };
    });
    const report = JSON.parse(stdout) as LintReport;
    const problems = report.problems.map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  } finally {
    await rm(dir, { recursive: true, force: true });
    await t.close();
  }
});
