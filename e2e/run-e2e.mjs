// Runs the browser tests when a Chromium is present, and says clearly that they were skipped
// when it is not (never downloads a browser of its own).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.log(`SKIPPED browser tests: no Chromium at ${chromium} (install Debian's chromium or set CHROMIUM_PATH)`);
  process.exit(0);
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(result.status ?? 1);
