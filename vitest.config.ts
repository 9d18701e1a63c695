import { defineConfig } from 'vitest/config';

/**
 * Files of every project at a time, from one pool (decision 326): the unit, API and browser files share the same
 * group order and so the same workers, longest files first, and the run ends when the work does. Two processes of two
 * workers each (API, browser) left the browser's idle for the last 13 minutes of a 26-minute run. Every project must
 * say the same number (vitest refuses projects of one group with different ones).
 */
const WORKERS = 4;

export default defineConfig({
  test: {
    // The second one prints a line when the browser tests were skipped for want of Chromium.
    reporters: ['default', './tests/support/chromium-skip-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'shared/**/*.test.ts',
            'server/**/*.test.ts',
            'client/src/**/*.test.{ts,tsx}',
            'client/build/**/*.test.ts',
            'tests/support/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          // Property runs and lint-driven tests take seconds; on a busy 2-core machine they need room.
          testTimeout: 30_000,
          maxWorkers: WORKERS,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts', 'tests/realtime/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['tests/support/pglite-image.ts'],
          pool: 'forks',
          // Files share their fork's module graph: importing the shop (Prisma, Socket.IO, sharp…) again for every
          // file took 200 s of a CI run. Every file builds its own servers; nothing lives in module state across files.
          isolate: false,
          maxWorkers: WORKERS,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // A browser journey that times out once on the loaded 2-core CI machine runs once more (decision 326; the
          // retry is printed). Playwright's own CI default is two. The API and unit files get none.
          retry: 1,
          // A missing client/dist fails the run at once (client-dist.ts); a missing Chromium skips it (decision 098).
          globalSetup: ['tests/support/client-dist.ts', 'tests/support/pglite-image.ts'],
          pool: 'forks',
          // As the API files: one module graph for all browser files (each starts its own server and browser).
          isolate: false,
          maxWorkers: WORKERS,
        },
      },
    ],
  },
});
