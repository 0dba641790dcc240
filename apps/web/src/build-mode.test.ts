// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const viteBin = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
/** Strings that only React's development build contains. */
const DEVELOPMENT_MARKERS = ['Download the React DevTools', 'react-dom.development', 'Warning: Each child in a list should have a unique "key" prop'];

function buildWith(env: Record<string, string>, args: string[] = []): string {
  const outDir = mkdtempSync(path.join(tmpdir(), 'carpool-web-build-'));
  const result = spawnSync(process.execPath, [viteBin, 'build', '--outDir', outDir, '--emptyOutDir', ...args], {
    cwd: webRoot,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return outDir;
}

function scriptsOf(outDir: string): string {
  const assets = path.join(outDir, 'assets');
  return readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => readFileSync(path.join(assets, name), 'utf8'))
    .join('\n');
}

describe('web build mode', () => {
  const outDirs: string[] = [];
  afterAll(() => outDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('ships React production code even with NODE_ENV=development in the environment', () => {
    const outDir = buildWith({ NODE_ENV: 'development' });
    outDirs.push(outDir);
    const scripts = scriptsOf(outDir);
    for (const marker of DEVELOPMENT_MARKERS) expect(scripts).not.toContain(marker);
  }, 120_000);

  it('builds development code only when asked for by name', () => {
    const outDir = buildWith({ NODE_ENV: 'development' }, ['--mode', 'development']);
    outDirs.push(outDir);
    expect(scriptsOf(outDir)).toContain('Download the React DevTools');
  }, 120_000);
});
