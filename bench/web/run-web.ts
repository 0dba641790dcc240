import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO_ROOT } from '../lib/processes.js';

const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');
const WEB_SRC = path.join(REPO_ROOT, 'apps/web/src');
const ROUTER = path.join(WEB_SRC, 'app/router.tsx');

export interface AssetSize {
  file: string;
  kind: 'js' | 'css';
  bytes: number;
  gzipBytes: number;
}

export interface WebSizes {
  /** Loaded by index.html, so by every route. */
  initial: AssetSize[];
  /** Chunks loaded on demand, with the source files that import them. */
  lazy: (AssetSize & { importedBy: string[] })[];
  routes: string[];
}

export interface LighthouseResult {
  performance: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

function sizeOf(file: string): AssetSize {
  const bytes = readFileSync(path.join(WEB_DIST, file));
  return { file, kind: file.endsWith('.css') ? 'css' : 'js', bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/**
 * Sizes of the built web app. Vite writes no manifest here, so the initial assets are the
 * scripts and stylesheets index.html references; every other asset is a lazily loaded chunk.
 */
export function measureWebSizes(): WebSizes {
  const html = readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');
  const referenced = [...html.matchAll(/(?:src|href)="\/([^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
  const initial = referenced.map(sizeOf);
  const sources = walk(WEB_SRC).filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
  const lazy = readdirSync(path.join(WEB_DIST, 'assets'))
    .map((name) => `assets/${name}`)
    .filter((file) => /\.(js|css)$/.test(file) && !referenced.includes(file))
    .map((file) => {
      // Vite names a chunk after its module: rides-map-<hash>.js comes from import('./rides-map').
      const moduleName = path.basename(file).replace(/-[\w-]{8}\.(js|css)$/, '');
      const importedBy = sources
        .filter((source) => new RegExp(`import\\(['"][./\\w-]*/${moduleName}['"]\\)`).test(readFileSync(source, 'utf8')))
        .map((source) => path.relative(WEB_SRC, source));
      return { ...sizeOf(file), importedBy };
    });
  const routes = existsSync(ROUTER) ? [...readFileSync(ROUTER, 'utf8').matchAll(/path: '([^']+)'/g)].map((match) => match[1]!) : [];
  return { initial, lazy, routes: [...new Set(routes)] };
}

/** Lighthouse's default (mobile) preset on one page, in Debian Chromium, performance only. */
export function runLighthouse(url: string): Promise<LighthouseResult> {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) return Promise.reject(new Error(`no Chromium at ${chromium} (set CHROMIUM_PATH)`));
  const outDir = mkdtempSync(path.join(tmpdir(), 'carpool-lighthouse-'));
  const report = path.join(outDir, 'report.json');
  const cli = path.join(REPO_ROOT, 'node_modules/lighthouse/cli/index.js');
  const flags = '--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync';
  return new Promise<LighthouseResult>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [cli, url, '--output=json', `--output-path=${report}`, '--only-categories=performance', '--quiet', `--chrome-flags=${flags}`],
      { cwd: REPO_ROOT, env: { ...process.env, CHROME_PATH: chromium }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      try {
        if (code !== 0 || !existsSync(report)) throw new Error(`lighthouse exited with ${code}: ${stderr.slice(-2000)}`);
        const lhr = JSON.parse(readFileSync(report, 'utf8')) as {
          categories: { performance: { score: number } };
          audits: Record<string, { numericValue: number }>;
        };
        resolve({
          performance: Math.round(lhr.categories.performance.score * 100),
          lcpMs: lhr.audits['largest-contentful-paint']!.numericValue,
          cls: lhr.audits['cumulative-layout-shift']!.numericValue,
          tbtMs: lhr.audits['total-blocking-time']!.numericValue,
        });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      } finally {
        rmSync(outDir, { recursive: true, force: true });
      }
    });
  });
}
