import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_SERVER = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
});
