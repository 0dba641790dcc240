/**
 * Bundles the built server into one module, dist/server.js, in place of tsc's output of
 * src/server.ts (docs/decisions/server-bundle.md). Loading one file instead of some 1,500 modules
 * roughly halves the server's start: module resolution and file reads were the largest part of a
 * restart, and on Node 22 and later every module of drizzle-orm re-read its 180 kB package.json.
 * `npm run build` runs tsc first (it type-checks and emits the other entry points: the embedded
 * database's child process and template builder), then this.
 */
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const packageDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const outdir = path.join(packageDir, 'dist');

/**
 * Left to Node's loader, from node_modules: packages that read files beside their own code at run
 * time (PGlite's WebAssembly and data, Swagger UI's pages, socket.io's client, pino's worker
 * transports, a package.json by __dirname), native code (sharp), and those the server imports only
 * on first use, which stay out of the start.
 */
const external = [
  '@electric-sql/pglite',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  '@socket.io/redis-streams-adapter',
  'file-type',
  'ioredis',
  'mjml',
  'nodemailer',
  'pg-native',
  'pino',
  'pino-pretty',
  'sharp',
  'socket.io',
  'web-push',
];

// The chunks of an earlier build, whose names carry their content's hash.
const earlier = existsSync(outdir) ? readdirSync(outdir).filter((file) => file.startsWith('bundle-')) : [];
for (const file of earlier) rmSync(path.join(outdir, file));

const { metafile } = await build({
  entryPoints: [path.join(packageDir, 'src/server.ts')],
  outdir,
  allowOverwrite: true,
  bundle: true,
  // A module the source imports on demand (the app while the database opens, the Redis adapter)
  // becomes a file of its own, loaded as late as before; without splitting, the packages it
  // imports would load with the bundle.
  splitting: true,
  chunkNames: 'bundle-[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
  // The CommonJS packages inside call require() for Node's own modules.
  banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
});

// A bundled package that finds files relative to its own location would look beside the bundle
// instead, and fail at run time; such a package belongs in `external` above.
for (const output of Object.keys(metafile.outputs).filter((file) => file.endsWith('.js'))) {
  const bundled = readFileSync(path.join(packageDir, output), 'utf8');
  const located = ['__dirname', '__filename', 'require.resolve('].filter((word) => bundled.includes(word));
  if (located.length > 0) {
    throw new Error(`${output} uses ${located.join(', ')}: a bundled package reads files beside its own code; add it to external in scripts/bundle-server.mjs`);
  }
}
