import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const API_SERVER = 'http://localhost:3000';
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, at the
 * strongest settings: done once here, the server only picks the copy the browser accepts
 * (@fastify/static's preCompressed) instead of compressing on every request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const filesOf = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? filesOf(file) : [file];
    });
  return {
    name: 'carpool:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesOf(outDir).filter((name) => COMPRESSIBLE.test(name))) {
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * The files index.html loads before the app renders: the entry chunk, its static imports
 * (transitively) and their CSS, as the bundle names them (`assets/…`). Filled when the app's
 * bundle is written, read when the service worker's precache list is made (after the bundle).
 */
const firstLoadFiles = new Set<string>();

function collectFirstLoadFiles(): Plugin {
  return {
    name: 'carpool:first-load-files',
    apply: 'build',
    // writeBundle: by then every plugin has added its files (index.html among them).
    writeBundle(_options, bundle) {
      if (!('index.html' in bundle)) return;
      firstLoadFiles.clear();
      const pending = Object.values(bundle).flatMap((output) => (output.type === 'chunk' && output.isEntry ? [output.fileName] : []));
      while (pending.length > 0) {
        const fileName = pending.pop()!;
        const chunk = bundle[fileName];
        if (firstLoadFiles.has(fileName) || chunk?.type !== 'chunk') continue;
        firstLoadFiles.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) firstLoadFiles.add(css);
        pending.push(...chunk.imports);
      }
    },
  };
}

/**
 * The installable app (docs/decisions/service-worker-caching.md): the manifest, and the service
 * worker of src/service-worker/sw.ts with the build's file list injected. The app registers the
 * worker itself (src/lib/service-worker.ts).
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/service-worker',
  filename: 'sw.ts',
  injectRegister: null,
  manifest: {
    id: '/',
    name: 'Carpool · Ride together, Save together',
    short_name: 'Carpool',
    description: 'Intercity carpools for your college community: post a ride, reserve a seat, split the cost.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#b31b1b',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    // The build's own files only (the plugin adds the manifest and its icons): the .br/.gz copies
    // are the server's business (the browser gets one of them for each file anyway); index.html
    // always comes from the server; the dev sign-in window is no part of the app.
    globPatterns: ['**/*.{js,css,html,svg}'],
    globIgnores: ['index.html', 'assets/dev-sign-in-*.js', 'sw.js'],
    // Of the hashed chunks, only the first load's: the lazy pages, dialogs, the map and the admin
    // console come from the network when first used and stay in the browser's cache (the server
    // sends /assets/ as immutable), so a first visit does not fetch the whole app twice over
    // (docs/decisions/first-visit-precache.md).
    manifestTransforms: [
      (entries) => {
        if (firstLoadFiles.size === 0) throw new Error('the precache list is made before the first-load files are known');
        return { manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || firstLoadFiles.has(entry.url)), warnings: [] };
      },
    ],
  },
});

const FIRST_LOAD_GROUPS = [
  { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][\w-]+)[\\/]/ },
  {
    name: 'shell',
    test: /(apps[\\/]web[\\/]src[\\/](lib[\\/](api-client|browser|lazy-with-reload|region|session|storage|theme|when-idle|window-events)|components[\\/]ui[\\/](avatar|button|dialog-loading|spinner|toast))|packages[\\/]shared[\\/]src[\\/](colleges|constants|errors|regions|texts))\.tsx?$/,
  },
  {
    name: 'home',
    test: /apps[\\/]web[\\/]src[\\/]features[\\/](rides[\\/](components[\\/](home-page|date-carousel|search-panel|college-select|ride-card)|api[\\/](get-rides|get-ride-day-counts)|hooks[\\/](use-ride-search|use-progressive-count)|utils[\\/](search-params|college-choice-storage))|subscription[\\/](components[\\/]subscription-banner|utils[\\/]subscribed-storage))\.tsx?$/,
    includeDependenciesRecursively: false,
  },
  {
    name: 'rides-common',
    test: /(apps[\\/]web[\\/]src[\\/](features[\\/]rides[\\/](components[\\/](ride-bits|field-classes)|utils[\\/](ride-labels|ride-dates|ride-part)|api[\\/](ride-query-keys|get-user-rides)|hooks[\\/](use-now|use-linked-ride))|components[\\/](rating-summary|reserve-prompt|ui[\\/]place-options)|lib[\\/](viewer-time-zone|local-date-time))|packages[\\/]shared[\\/]src[\\/](places|time-zones))\.tsx?$/,
    includeDependenciesRecursively: false,
  },
];

const config = {
  plugins: [react(), tailwindcss(), collectFirstLoadFiles(), pwa, precompress()],
  // The shared package exports its TypeScript source under the "source" condition, so the web
  // app compiles it directly and needs no separate build of packages/shared.
  resolve: { conditions: ['source'] },
  server: {
    proxy: {
      '/api': API_SERVER,
      '/dev-idp': API_SERVER,
      '/socket.io': { target: API_SERVER, ws: true },
    },
  },
  // The manifest (dist/.vite/manifest.json) tells the benchmark which chunks each route loads.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // Two chunks for what every first load needs, instead of a dozen small ones the bundler would
    // cut along the lazy chunks' shared imports: one file compresses better than many, and every
    // module named here is in the entry's static imports anyway (docs/decisions/web-code-splitting.md).
    rolldownOptions: { output: { codeSplitting: { groups: FIRST_LOAD_GROUPS } } },
  },
} satisfies UserConfig;

export default defineConfig(({ command, mode }) => {
  // A build is a production build unless a development one is asked for by name
  // (`vite build --mode development`): NODE_ENV=development left in a shell or an .env file
  // must not ship React's development code (slower, and it asks for React DevTools).
  if (command === 'build' && mode !== 'development') process.env.NODE_ENV = 'production';
  return config;
});
