import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';

const API_PREFIXES = ['/api/', '/dev-idp/', '/socket.io/'];
const SERVICE_WORKER_FILES = new Set(['sw.js', 'manifest.webmanifest', 'offline.html']);

/** A last path segment with an extension (`/robots.txt`, `/app.js`) names a file, never a page. */
const looksLikeFile = (pathname: string) => /\.[^/]+$/.test(pathname);

/**
 * Whether a route serves a file of the web build (`/assets/*`, `/sw.js`, `/robots.txt`, icons):
 * static, cacheable, and many per visit, so no rate limit counts them.
 */
export function isWebAppFileRoute(url: string): boolean {
  if (API_PREFIXES.some((prefix) => url.startsWith(prefix))) return false;
  return url.startsWith('/assets/') || (url.lastIndexOf('/') === 0 && looksLikeFile(url)) || /^\/icons\/[^/]+\.[^/]+$/.test(url);
}

/** What a region's manifest says of it: the regions module's, handed over by app.ts. */
export interface ManifestRegion {
  /** "at Cornell". */
  where: string;
  /** The light theme's primary: the installed app's title bar. */
  colour: string;
  /** The default region keeps the build's id and start page. */
  isDefault: boolean;
}

/**
 * The installable app's manifest for each region (`/{region}/manifest.webmanifest`, linked by
 * theme-init.js): the build's manifest with the region's colour, name and start page, so that the
 * app installed from /nj opens on /nj in New Jersey's colour, for any region served, one created
 * after the build too. The build's own /manifest.webmanifest stays the default region's.
 */
function registerRegionManifests(app: FastifyInstance, buildManifest: string, regionOf: (slug: string) => ManifestRegion | undefined) {
  if (!existsSync(buildManifest)) return;
  let base: Record<string, unknown>;
  try {
    base = JSON.parse(readFileSync(buildManifest, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    app.log.warn({ err: error }, 'the web build\'s manifest.webmanifest is not JSON: no region manifests');
    return;
  }
  app.get<{ Params: { region: string } }>('/:region/manifest.webmanifest', { config: { rateLimit: false }, schema: { hide: true } }, async (request, reply) => {
    const region = regionOf(request.params.region);
    if (!region) throw new AppError('NOT_FOUND', `No region "${request.params.region}"`);
    // The default region keeps the build's id and start page (its home is /, as the spec has it),
    // so that an app installed before stays the same app.
    const own = region.isDefault ? {} : { id: `/${request.params.region}`, start_url: `/${request.params.region}` };
    const body = JSON.stringify({ ...base, ...own, name: `Carpool ${region.where}`, theme_color: region.colour });
    return reply.header('cache-control', 'no-cache').type('application/manifest+json').send(body);
  });
}

/**
 * Serves the built web app with history fallback: a page navigation (a GET that is not an API
 * path and does not name a file) answers index.html, so deep links work. A path that names a
 * file which the build does not have is a 404, as are API paths that match nothing.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: { distDir: string | null; regionOf: (slug: string) => ManifestRegion | undefined }) => {
  const distDir = options.distDir && existsSync(path.join(options.distDir, 'index.html')) ? options.distDir : null;
  if (distDir) {
    const root = path.resolve(distDir);
    const common = {
      index: false as const,
      // The web build writes .br and .gz copies of its text files; the one the browser accepts is sent.
      preCompressed: true,
      setHeaders(res: { header(name: string, value: string): unknown }, filePath: string) {
        // Vite puts a content hash in every asset name: those never change.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (SERVICE_WORKER_FILES.has(path.basename(filePath).replace(/\.(br|gz)$/, ''))) {
          // A new build's worker and manifest must be seen at the next visit, not after a cache expires.
          res.header('cache-control', 'no-cache');
        }
      },
    };
    // The build's own chunks (some 250 files with their compressed copies) are looked up when
    // asked for, under one route, instead of a route per file registered at every start (about
    // 50 ms). Only /assets/ goes there: a page's address never matches it, so a page reaches the
    // not-found handler below directly, its request hooks run once (a route that hands over to
    // that handler would run them a second time).
    await app.register(fastifyStatic, { ...common, root: path.join(root, 'assets'), prefix: '/assets/', wildcard: true, decorateReply: false });
    // The few files beside index.html (the service worker, the manifest, icons, robots.txt): a route each.
    await app.register(fastifyStatic, { ...common, root, wildcard: false, globIgnore: ['assets/**'] });
    registerRegionManifests(app, path.join(root, 'manifest.webmanifest'), options.regionOf);
  } else {
    app.log.warn('web app not built: only the API is served (run npm run build)');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || API_PREFIXES.some((prefix) => pathname.startsWith(prefix));
    // A missing build file (a page still open from before a deployment asks for an old chunk) is a
    // 404, not the app's page: the web app then reloads itself once to get the new build. So is any
    // other missing file: crawlers and browsers asking for /sitemap.xml or /favicon.ico must not get HTML.
    const isFile = pathname.startsWith('/assets/') || looksLikeFile(pathname);
    if (distDir && !isApi && !isFile && (request.method === 'GET' || request.method === 'HEAD')) {
      // cacheControl: false, or the file sender writes its own `public, max-age=0` over this header.
      return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
    }
    throw new AppError('NOT_FOUND', `No route for ${request.method} ${pathname}`);
  });
});
