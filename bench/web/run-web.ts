import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import ts from 'typescript';
import { freePort, REPO_ROOT, SERVER_MAIN, startNodeProcess, type RunningProcess } from '../lib/processes.js';
import type { ReportRow } from '../lib/report.js';
import { round } from '../lib/stats.js';

const WEB_ROOT = path.join(REPO_ROOT, 'apps/web');
// Lighthouse's command line is found as a package, wherever npm put it (and so knip sees it used).
const require = createRequire(import.meta.url);
const ROUTER = path.join(WEB_ROOT, 'src/app/router.tsx');
/** The router's helper for a lazily loaded page: `const Page = lazyWithReload(() => import('...')...)`. */
const LAZY_HELPER = 'lazyWithReload';

interface AssetSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

interface ChunkSet {
  js: AssetSize[];
  css: AssetSize[];
}

interface RouteSize extends ChunkSet {
  /** As the router writes it: pages under / are also under /cornell and /nj. */
  route: string;
  /** The source of the route's lazily loaded page, relative to apps/web; null when it is in the entry. */
  page: string | null;
}

export interface WebSizes {
  /** What the browser loads before any route renders: index.html's script, its static imports and the CSS. */
  entry: ChunkSet;
  /** Per route: the entry plus the route's page chunk and that chunk's static imports. */
  routes: RouteSize[];
  /** Other chunks loaded on demand (dialogs, the map, ...): what each adds to the entry, by source. */
  onDemand: (ChunkSet & { source: string })[];
}

export interface LighthouseResult {
  performance: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

function sizeOf(distDir: string, file: string): AssetSize {
  const bytes = readFileSync(path.join(distDir, file));
  return { file, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
}

/** The chunks `keys` load before they run: themselves and their static imports, transitively. */
export function staticClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...keys];
  while (pending.length > 0) {
    const key = pending.pop()!;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the Vite manifest has no chunk ${key}`);
    seen.add(key);
    pending.push(...(chunk.imports ?? []));
  }
  return seen;
}

function chunkSet(distDir: string, manifest: Manifest, keys: Iterable<string>): ChunkSet {
  const chunks = [...keys].map((key) => manifest[key]!);
  return {
    js: chunks.map((chunk) => sizeOf(distDir, chunk.file)),
    css: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].map((file) => sizeOf(distDir, file)),
  };
}

/**
 * The routes of apps/web/src/app/router.tsx and, for each, the source of its lazily loaded page
 * (null when the page is in the entry), read from the syntax tree: every route object with an
 * `element`, and the `lazyWithReload(() => import('...'))` declaration of a component in it.
 */
function readRouterPages(routerFile = ROUTER): { route: string; page: string | null }[] {
  const source = ts.createSourceFile(routerFile, readFileSync(routerFile, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const lazyPages = new Map<string, string>();
  const routeObjects: ts.ObjectLiteralExpression[] = [];
  const findImport = (node: ts.Node): string | null => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      return specifier && ts.isStringLiteral(specifier) ? specifier.text : null;
    }
    return ts.forEachChild(node, findImport) ?? null;
  };
  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      ts.isCallExpression(node.initializer) &&
      ts.isIdentifier(node.initializer.expression) &&
      node.initializer.expression.text === LAZY_HELPER
    ) {
      const specifier = findImport(node.initializer);
      if (!specifier) throw new Error(`${node.name.text} in router.tsx is lazy but imports no module the bench can read`);
      const resolved = path.resolve(path.dirname(routerFile), specifier);
      const file = ['.tsx', '.ts'].map((extension) => resolved + extension).find(existsSync);
      if (!file) throw new Error(`router.tsx imports ${specifier}, which does not exist`);
      lazyPages.set(node.name.text, path.relative(WEB_ROOT, file).split(path.sep).join('/'));
    }
    if (ts.isObjectLiteralExpression(node) && node.properties.some((property) => property.name?.getText(source) === 'element')) {
      routeObjects.push(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);

  const pages = new Map<string, string | null>();
  for (const route of routeObjects) {
    const property = (name: string) =>
      route.properties.find((each): each is ts.PropertyAssignment => ts.isPropertyAssignment(each) && each.name.getText(source) === name);
    const pathProperty = property('path');
    const isIndex = property('index')?.initializer.kind === ts.SyntaxKind.TrueKeyword;
    if (!pathProperty && !isIndex) continue; // a layout route
    const routePath = pathProperty && ts.isStringLiteral(pathProperty.initializer) ? pathProperty.initializer.text : '';
    const tags: string[] = [];
    const collectTags = (node: ts.Node) => {
      if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) tags.push(node.tagName.getText(source));
      ts.forEachChild(node, collectTags);
    };
    collectTags(property('element')!.initializer);
    const lazyTag = tags.find((tag) => lazyPages.has(tag));
    pages.set(routePath.startsWith('/') ? routePath : `/${routePath}`, lazyTag ? lazyPages.get(lazyTag)! : null);
  }
  if (lazyPages.size === 0) throw new Error(`router.tsx declares no ${LAZY_HELPER}(...) page: update bench/web/run-web.ts to how the router loads pages now`);
  return [...pages].map(([route, page]) => ({ route, page }));
}

/**
 * Sizes of the built web app, per route, from Vite's manifest (dist/.vite/manifest.json): the
 * entry chunk and its static imports, plus for a lazily loaded page its chunk and static imports.
 */
export function measureWebSizes(distDir = path.join(WEB_ROOT, 'dist')): WebSizes {
  const manifestFile = path.join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: apps/web/vite.config.ts must set build.manifest`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('the Vite manifest has no entry');
  const entryKeys = staticClosure(manifest, [entryKey]);

  // What the manifest calls the entry must be what index.html makes the browser load.
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const referenced = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!));
  const entry = chunkSet(distDir, manifest, entryKeys);
  const entryFiles = new Set([...entry.js, ...entry.css].map((asset) => asset.file));
  if (referenced.size !== entryFiles.size || [...referenced].some((file) => !entryFiles.has(file))) {
    throw new Error(`index.html loads ${[...referenced].join(', ')} but the manifest's entry is ${[...entryFiles].join(', ')}`);
  }

  const keyOfSource = new Map(Object.entries(manifest).flatMap(([key, chunk]) => (chunk.src ? [[chunk.src, key] as const] : [])));
  const routes = readRouterPages().map(({ route, page }) => {
    if (page === null) return { route, page, ...entry };
    const pageKey = keyOfSource.get(page);
    if (!pageKey || !manifest[pageKey]!.isDynamicEntry) throw new Error(`${route}: ${page} is not a lazily loaded chunk in the Vite manifest`);
    return { route, page, ...chunkSet(distDir, manifest, new Set([...entryKeys, ...staticClosure(manifest, [pageKey])])) };
  });

  const routePages = new Set(routes.map((route) => route.page));
  const onDemand = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry && chunk.src && !routePages.has(chunk.src))
    .map(([key, chunk]) => ({
      source: chunk.src!,
      ...chunkSet(distDir, manifest, [...staticClosure(manifest, [key])].filter((each) => !entryKeys.has(each))),
    }));
  return { entry, routes, onDemand };
}

const kbGzip = (assets: readonly AssetSize[]) => round(assets.reduce((sum, asset) => sum + asset.gzipBytes, 0) / 1024, 1);

/** The table rows: initial JS and CSS of every route, then what each on-demand chunk adds. */
export function webSizeRows(sizes: WebSizes): ReportRow[] {
  return [
    ...sizes.routes.map((route) => ({
      benchmark: `Web app, first load of ${route.route}`,
      figure: 'initial JS / CSS (kB gzip)',
      ours: `${kbGzip(route.js)} / ${kbGzip(route.css)}`,
      baseline: '',
      ratio: '',
    })),
    ...sizes.onDemand.map((chunk) => ({
      benchmark: `Web app, on demand: ${path.basename(chunk.source).replace(/\.tsx?$/, '')}`,
      figure: 'adds JS / CSS (kB gzip)',
      ours: `${kbGzip(chunk.js)} / ${kbGzip(chunk.css)}`,
      baseline: '',
      ratio: '',
    })),
  ];
}

/** One sentence for the results file: which page chunk each route loads. */
export function describeWebRoutes(sizes: WebSizes): string {
  const lazy = sizes.routes.filter((route) => route.page !== null);
  const eager = sizes.routes.filter((route) => route.page === null).map((route) => route.route);
  return (
    `Web app routes (pages under / are also under /cornell and /nj): ${eager.join(', ')} render from the entry; ` +
    `${lazy.map((route) => `${route.route} loads ${path.basename(route.page!)}`).join(', ')}. ` +
    `The entry is ${sizes.entry.js.length} JS files and ${sizes.entry.css.length} CSS file(s), ${kbGzip(sizes.entry.js)} / ${kbGzip(sizes.entry.css)} kB gzip.`
  );
}

/** Lighthouse's default (mobile) preset on one page, in Debian Chromium, performance only. */
export function runLighthouse(url: string): Promise<LighthouseResult> {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) return Promise.reject(new Error(`no Chromium at ${chromium} (set CHROMIUM_PATH)`));
  const outDir = mkdtempSync(path.join(tmpdir(), 'carpool-lighthouse-'));
  const report = path.join(outDir, 'report.json');
  const cli = require.resolve('lighthouse/cli/index.js');
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
        // Kept for reading the trace's tasks (the long-tasks, bootup-time and mainthread audits).
        const keepIn = process.env.BENCH_LIGHTHOUSE_REPORTS;
        if (keepIn && existsSync(report)) {
          mkdirSync(keepIn, { recursive: true });
          copyFileSync(report, path.join(keepIn, `${new URL(url).pathname.replaceAll('/', '_') || '_'}-${Date.now()}.json`));
        }
        rmSync(outDir, { recursive: true, force: true });
      }
    });
  });
}

/** The pages a signed-out visitor can load, each measured by Lighthouse (issue 16: home and every other one). */
export const SIGNED_OUT_PAGES: readonly { label: string; path: string }[] = [
  { label: 'home', path: '/' },
  { label: 'ride requests', path: '/ride-requests' },
  { label: 'sign-in page', path: '/login' },
  { label: 'terms', path: '/terms' },
  { label: 'page not found', path: '/no-such-page' },
];

/** Lighthouse now and then fails to record a trace (NO_NAVSTART); one more try is enough. */
export async function runLighthouseWithRetry(url: string, log: (message: string) => void = () => {}): Promise<LighthouseResult> {
  try {
    return await runLighthouse(url);
  } catch (error) {
    log(`lighthouse failed once, trying again: ${error instanceof Error ? error.message.slice(0, 200) : String(error)}`);
    return runLighthouse(url);
  }
}

/**
 * Lighthouse `runs` times on one page and the median of each figure (the score and the metrics
 * separately, as Lighthouse's own guidance does): one run moves by several points.
 */
export async function runLighthouseMedian(url: string, runs = 3, log: (message: string) => void = () => {}): Promise<LighthouseResult & { runs: number }> {
  const results: LighthouseResult[] = [];
  for (let run = 0; run < runs; run += 1) {
    const result = await runLighthouseWithRetry(url, log);
    log(`${url} run ${run + 1}: score ${result.performance}, LCP ${Math.round(result.lcpMs)} ms, TBT ${Math.round(result.tbtMs)} ms, CLS ${result.cls.toFixed(3)}`);
    results.push(result);
  }
  const median = (pick: (result: LighthouseResult) => number) => {
    const sorted = results.map(pick).sort((a, b) => a - b);
    return sorted[Math.floor((sorted.length - 1) / 2)]!;
  };
  return {
    performance: median((result) => result.performance),
    lcpMs: Math.round(median((result) => result.lcpMs)),
    cls: median((result) => result.cls),
    tbtMs: Math.round(median((result) => result.tbtMs)),
    runs,
  };
}

/** One page's Lighthouse rows; the baseline column holds Lighthouse's "good" thresholds (no bare page exists). */
export function lighthouseRows(page: string, result: (LighthouseResult & { runs?: number }) | Error): ReportRow[] {
  const benchmark = `Lighthouse (mobile), ${page}`;
  if (result instanceof Error) return [{ benchmark, figure: 'not run', ours: result.message.slice(0, 120), baseline: '', ratio: '' }];
  const good = { lcpMs: 2_500, cls: 0.1, tbtMs: 200 };
  const of = result.runs ? ` (median of ${result.runs})` : '';
  return [
    { benchmark, figure: `performance score${of}`, ours: result.performance, baseline: 'good: 90', ratio: `${(result.performance / 90).toFixed(2)}x` },
    { benchmark, figure: 'LCP (ms)', ours: result.lcpMs, baseline: `good: ${good.lcpMs}`, ratio: `${(result.lcpMs / good.lcpMs).toFixed(2)}x` },
    { benchmark, figure: 'CLS', ours: round(result.cls, 3), baseline: `good: ${good.cls}`, ratio: `${(result.cls / good.cls).toFixed(2)}x` },
    { benchmark, figure: 'TBT (ms)', ours: result.tbtMs, baseline: `good: ${good.tbtMs}`, ratio: `${(result.tbtMs / good.tbtMs).toFixed(2)}x` },
  ];
}

/**
 * The app server as the web measurements start it: production, dev sign-in on loopback, no rate
 * limit or periodic job, its own data directory under `dataDir`, serving the web app in `distDir`
 * (default: the built apps/web/dist).
 */
export async function startWebApp(options: { databaseUrl: string; dataDir: string; label: string; distDir?: string }): Promise<RunningProcess> {
  const port = await freePort();
  const ownDataDir = path.join(options.dataDir, options.label);
  mkdirSync(ownDataDir);
  return startNodeProcess({
    label: options.label,
    args: [SERVER_MAIN],
    port,
    env: {
      NODE_ENV: 'production',
      AUTH_MODE: 'dev',
      ALLOW_DEV_AUTH: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: ownDataDir,
      DATABASE_URL: options.databaseUrl,
      ...(options.distDir ? { WEB_DIST_DIR: options.distDir } : {}),
      RATE_LIMIT_PER_MINUTE: '0',
      JOBS_ENABLED: '0',
      LOG_LEVEL: 'warn',
    },
  });
}
