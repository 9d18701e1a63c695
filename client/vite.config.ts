import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { buildReport } from './build/build-report.js';
import { precompress } from './build/precompress.js';

const clientRoot = fileURLToPath(new URL('.', import.meta.url));
const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const backend = 'http://localhost:3000';

export default defineConfig({
  root: clientRoot,
  plugins: [
    react(),
    precompress(),
    ...(process.env.BUILD_REPORT ? [buildReport({ file: `${clientRoot}build-report.txt`, projectRoot })] : []),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The initial chunks have a budget of their own (client/build/bundle-budget.test.ts); this only quiets Vite.
    chunkSizeWarningLimit: 900,
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/media': { target: backend, changeOrigin: true },
      '/socket.io': { target: backend, ws: true, changeOrigin: true },
    },
  },
});
