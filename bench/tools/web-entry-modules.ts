/**
 * What the web app's first load is made of, module by module: reads the Vite manifest and the
 * source maps of a build made with `vite build --sourcemap`, takes the chunks one route loads
 * before it renders (the entry and its static imports, plus the route's page chunk), and shares
 * each chunk's gzip size among the sources its bytes come from (node_modules grouped by package).
 * A source's share is its bytes gzipped on their own, scaled so the shares of a chunk add up to
 * the chunk's real gzip size: close enough to rank the contributors.
 *
 *   cd apps/web && npx vite build --sourcemap && cd ../../bench
 *   node --conditions=source --import tsx tools/web-entry-modules.ts [route, default /] [rows, default 30]
 *
 * BENCH_WEB_DIST names another build folder (relative to the repository, or absolute).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { TraceMap, eachMapping } from '@jridgewell/trace-mapping';
import { REPO_ROOT } from '../lib/processes.js';
import { measureWebSizes, staticClosure, type Manifest } from '../web/run-web.js';

const distDir = path.resolve(REPO_ROOT, process.env.BENCH_WEB_DIST ?? 'apps/web/dist');
const route = process.argv[2] ?? '/';
const rows = Number(process.argv[3] ?? 30);

/** `node_modules/@scope/name/...` → `@scope/name`; a source of the app stays its path under apps/. */
function groupOf(source: string): string {
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const [first, second] = source.slice(modules + 'node_modules/'.length).split('/');
    return first!.startsWith('@') ? `${first}/${second}` : first!;
  }
  const apps = source.search(/(apps|packages)\//);
  if (apps >= 0) return source.slice(apps);
  const own = source.indexOf('src/');
  return own >= 0 ? `apps/web/${source.slice(own)}` : source;
}

/** Each source's share of one chunk: minified bytes and estimated gzip bytes. */
function chunkContributions(file: string): Map<string, { bytes: number; gzip: number }> {
  const code = readFileSync(path.join(distDir, file), 'utf8');
  const mapFile = path.join(distDir, `${file}.map`);
  // The bundler's own runtime chunk comes without a map: all of it is the runtime.
  if (!existsSync(mapFile)) return new Map([[`(bundler runtime, ${path.basename(file)})`, { bytes: Buffer.byteLength(code), gzip: gzipSync(code, { level: 9 }).length }]]);
  const map = new TraceMap(readFileSync(mapFile, 'utf8'));
  const lines = code.split('\n');
  const lineStarts: number[] = [];
  let offset = 0;
  for (const line of lines) {
    lineStarts.push(offset);
    offset += line.length + 1;
  }
  // Every generated segment runs until the next segment; it belongs to the mapping's source.
  const segments: { start: number; source: string }[] = [];
  eachMapping(map, (mapping) => {
    segments.push({ start: lineStarts[mapping.generatedLine - 1]! + mapping.generatedColumn, source: mapping.source ? groupOf(mapping.source) : '(unmapped)' });
  });
  segments.sort((a, b) => a.start - b.start);
  const text = new Map<string, string[]>();
  const add = (source: string, from: number, to: number) => {
    if (to > from) text.set(source, [...(text.get(source) ?? []), code.slice(from, to)]);
  };
  add('(unmapped)', 0, segments[0]?.start ?? code.length);
  segments.forEach((segment, index) => add(segment.source, segment.start, segments[index + 1]?.start ?? code.length));
  const raw = [...text].map(([source, parts]) => {
    const joined = parts.join('');
    return { source, bytes: Buffer.byteLength(joined), gzip: gzipSync(joined, { level: 9 }).length };
  });
  const chunkGzip = gzipSync(code, { level: 9 }).length;
  const rawGzip = raw.reduce((sum, each) => sum + each.gzip, 0);
  return new Map(raw.map((each) => [each.source, { bytes: each.bytes, gzip: (each.gzip * chunkGzip) / rawGzip }]));
}

const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
const sizes = measureWebSizes(distDir);
const routeSize = sizes.routes.find((each) => each.route === route);
if (!routeSize) throw new Error(`no route ${route}; the routes are ${sizes.routes.map((each) => each.route).join(', ')}`);
const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
const files = [...staticClosure(manifest, routeSize.js.map((asset) => keyOfFile.get(asset.file)!))].map((key) => manifest[key]!.file);

const totals = new Map<string, { bytes: number; gzip: number; chunks: Set<string> }>();
for (const file of files) {
  for (const [source, share] of chunkContributions(file)) {
    const total = totals.get(source) ?? { bytes: 0, gzip: 0, chunks: new Set<string>() };
    total.bytes += share.bytes;
    total.gzip += share.gzip;
    total.chunks.add(path.basename(file).replace(/-[\w-]{8}\.js$/, ''));
    totals.set(source, total);
  }
}
const ranked = [...totals].sort((a, b) => b[1].gzip - a[1].gzip);
const allGzip = ranked.reduce((sum, [, each]) => sum + each.gzip, 0);
process.stdout.write(`${route}: ${files.length} JS chunks, ${(allGzip / 1024).toFixed(1)} kB gzip\n\n| source | kB min | kB gzip | chunks |\n|---|---:|---:|---|\n`);
for (const [source, each] of ranked.slice(0, rows)) {
  process.stdout.write(`| ${source} | ${(each.bytes / 1024).toFixed(1)} | ${(each.gzip / 1024).toFixed(1)} | ${[...each.chunks].join(', ')} |\n`);
}
const rest = ranked.slice(rows);
if (rest.length > 0) {
  process.stdout.write(`| ${rest.length} more | ${(rest.reduce((sum, [, each]) => sum + each.bytes, 0) / 1024).toFixed(1)} | ${(rest.reduce((sum, [, each]) => sum + each.gzip, 0) / 1024).toFixed(1)} | |\n`);
}
