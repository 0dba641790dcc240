import { existsSync } from 'node:fs';
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
 * Serves the built web app with history fallback: a page navigation (a GET that is not an API
 * path and does not name a file) answers index.html, so deep links work. A path that names a
 * file which the build does not have is a 404, as are API paths that match nothing.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: { distDir: string | null }) => {
  const distDir = options.distDir && existsSync(path.join(options.distDir, 'index.html')) ? options.distDir : null;
  if (distDir) {
    await app.register(fastifyStatic, {
      root: path.resolve(distDir),
      // One route for every file, looked up when asked for, rather than a route per file of the
      // build registered at start (about 50 ms of every start for the build's 260 files); a path
      // that is not a file goes on to the not-found handler below, as before.
      wildcard: true,
      // Only a path that names a file is looked up; a page (`/`, `/nj/my-rides`) is the app's.
      allowedPath: (pathname) => looksLikeFile(pathname),
      index: false,
      // The web build writes .br and .gz copies of its text files; the one the browser accepts is sent.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite puts a content hash in every asset name: those never change.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (SERVICE_WORKER_FILES.has(path.basename(filePath).replace(/\.(br|gz)$/, ''))) {
          // A new build's worker and manifest must be seen at the next visit, not after a cache expires.
          res.header('cache-control', 'no-cache');
        }
      },
    });
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
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    throw new AppError('NOT_FOUND', `No route for ${request.method} ${pathname}`);
  });
});
