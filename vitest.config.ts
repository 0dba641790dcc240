import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

const resolve = { conditions: ['source'] };

export default defineConfig({
  test: {
    // Vitest's default is one file at a time on two cores (cores - 1). Most server files spend their
    // time waiting on PostgreSQL, Redis, child processes and timers, so two files at once halves the
    // suite there. Files do not meet: each creates its own databases, and those on Redis use a
    // server of their own or keys of their own (a fresh user's, or the cluster test's key prefix).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        resolve,
        test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve,
        ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles: ['src/test/setup.ts'],
          // The files of a worker share one module graph instead of loading the app again each
          // (about 70 s of imports summed over the run, 8 s shared: some 30 s off the phase).
          // Safe because every file builds its own app, databases and clock, and the server's
          // module state is caches keyed by database or content (db/prepared.ts, the compiled
          // mail templates) and the folder locks a file releases; no file mocks a module.
          isolate: false,
        },
      },
      'apps/web/vitest.config.ts',
      // The repository's own scripts (npm start's build check).
      { test: { name: 'scripts', root: 'scripts', include: ['**/*.test.mjs'], environment: 'node' } },
      // The benchmark's own checks (the web routes' size budget); its measurements run with `npm run bench`.
      {
        resolve,
        // The workspace's packages from their sources, as for the server: never a build left from before.
        ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
        test: { name: 'bench', root: 'bench', include: ['**/*.test.ts'], exclude: [...configDefaults.exclude, 'results/**'], environment: 'node' },
      },
    ],
  },
});
