/**
 * What a first visit downloads (issue 35): serves a built web app (BENCH_WEB_DIST, default
 * apps/web/dist) on an empty database, opens a page (default /) in a fresh Chromium profile with
 * service workers allowed, waits until the worker is active and the network has been quiet for
 * QUIET_MS, and counts every request with its bytes on the wire (headers and the compressed body):
 * those of the page itself (before and while the worker installs) and those the worker makes
 * (its precache). Also prints what the build's precache list (dist/sw.js) holds, without a browser.
 *
 *   BENCH_WEB_DIST=apps/web/dist node --conditions=source --import tsx tools/measure-first-visit.ts /
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Request } from 'playwright-core';
import { createBenchDatabase, dropBenchDatabase } from '../lib/database.js';
import { REPO_ROOT, type RunningProcess } from '../lib/processes.js';
import { startWebApp } from '../web/run-web.js';

const pagePath = process.argv[2] ?? '/';
const dist = path.resolve(REPO_ROOT, process.env.BENCH_WEB_DIST ?? 'apps/web/dist');
/** The visit is over when no request has started or finished for this long after the worker is active. */
const QUIET_MS = 3_000;
const GIVE_UP_MS = 60_000;

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

interface Counted {
  url: string;
  bytes: number;
  fromWorker: boolean;
}

/** The precache list injected into dist/sw.js: its URLs and their uncompressed sizes in dist/. */
function readPrecacheList(distDir: string): { url: string; bytes: number }[] {
  const worker = readFileSync(path.join(distDir, 'sw.js'), 'utf8');
  const urls = [...worker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]!);
  if (urls.length === 0) throw new Error('found no precache list in sw.js');
  return urls.map((url) => ({ url, bytes: readFileSync(path.join(distDir, url)).length }));
}

function describe(label: string, requests: readonly Counted[]): string {
  const byKind = new Map<string, { count: number; bytes: number }>();
  for (const request of requests) {
    const pathname = new URL(request.url).pathname;
    const kind = pathname.startsWith('/api/') ? 'api' : (/\.(\w+)$/.exec(pathname)?.[1] ?? 'page');
    const entry = byKind.get(kind) ?? { count: 0, bytes: 0 };
    entry.count += 1;
    entry.bytes += request.bytes;
    byKind.set(kind, entry);
  }
  const total = requests.reduce((sum, request) => sum + request.bytes, 0);
  const kinds = [...byKind].sort((a, b) => b[1].bytes - a[1].bytes).map(([kind, each]) => `${kind} ${each.count} (${kB(each.bytes)})`);
  return `${label}: ${requests.length} requests, ${kB(total)} on the wire [${kinds.join(', ')}]`;
}

async function main() {
  const precache = readPrecacheList(dist);
  process.stdout.write(`precache list of ${path.relative(REPO_ROOT, dist) || dist}: ${precache.length} entries, ${kB(precache.reduce((sum, each) => sum + each.bytes, 0))} uncompressed\n`);

  const database = await createBenchDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'carpool-first-visit-'));
  let server: RunningProcess | undefined;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    server = await startWebApp({ databaseUrl: database.url, dataDir, label: 'first-visit', distDir: dist });
    const context = await browser.newContext({ serviceWorkers: 'allow' });
    const counted: Counted[] = [];
    let lastActivity = Date.now();
    const count = async (request: Request) => {
      lastActivity = Date.now();
      const sizes = await request.sizes().catch(() => null);
      counted.push({ url: request.url(), bytes: sizes ? sizes.responseHeadersSize + sizes.responseBodySize : 0, fromWorker: request.serviceWorker() !== null });
    };
    context.on('request', () => {
      lastActivity = Date.now();
    });
    context.on('requestfinished', (request) => void count(request));
    context.on('requestfailed', (request) => void count(request));

    const page = await context.newPage();
    await page.goto(`${server.url}${pagePath}`, { waitUntil: 'load' });
    // Strings, not functions: the bench compiles without the DOM's types.
    await page.evaluate('navigator.serviceWorker.ready.then(() => undefined)');
    const started = Date.now();
    while (Date.now() - lastActivity < QUIET_MS) {
      if (Date.now() - started > GIVE_UP_MS) throw new Error('the network did not go quiet');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const cached = await page.evaluate<number>(
      '(async () => { let entries = 0; for (const name of await caches.keys()) entries += (await (await caches.open(name)).keys()).length; return entries; })()',
    );

    const fromPage = counted.filter((request) => !request.fromWorker);
    const fromWorker = counted.filter((request) => request.fromWorker);
    process.stdout.write(`first visit to ${pagePath}\n`);
    process.stdout.write(`  ${describe('the page', fromPage)}\n`);
    process.stdout.write(`  ${describe('the service worker (precache)', fromWorker)}\n`);
    process.stdout.write(`  ${describe('together', counted)}\n`);
    process.stdout.write(`  entries in the worker's caches: ${cached}\n`);
    await context.close();
  } finally {
    await browser.close();
    await server?.stop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
    await dropBenchDatabase(database);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`\nFIRST-VISIT FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
