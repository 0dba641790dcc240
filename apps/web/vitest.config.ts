import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: { conditions: ['source'] },
  test: {
    name: 'web',
    root: 'apps/web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // A journey of typing and clicking takes one to three seconds on a quiet machine, and can take
    // several times that while the server's files run beside it. Above Testing Library's wait
    // (src/test/setup.ts), so that what never came is reported as such, not as a timeout.
    testTimeout: 20_000,
  },
});
