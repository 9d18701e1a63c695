import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { appShell } from './build/app-shell.js';
import { buildReport } from './build/build-report.js';
import { precompress } from './build/precompress.js';

const clientRoot = fileURLToPath(new URL('.', import.meta.url));
const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const backend = 'http://localhost:3000';

export default defineConfig({
  root: clientRoot,
  plugins: [
    react(),
    // The home page's header and hero as static HTML in index.html, painted before the JavaScript (decision 065).
    appShell(),
    precompress(),
    ...(process.env.BUILD_REPORT ? [buildReport({ file: `${clientRoot}build-report.txt`, projectRoot })] : []),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser we support knows <link rel="modulepreload">; the polyfill would only add to the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the first page needs is one chunk: a dozen small shared chunks would each cost a request and
          // compress worse. Lazy routes and parts keep Rolldown's automatic splitting (decision 063).
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
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
