import { defineConfig } from 'vitest/config';

const resolve = { conditions: ['source'] };

export default defineConfig({
  test: {
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
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
