import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The second one prints a line when the browser tests were skipped for want of Chromium.
    reporters: ['default', './tests/support/chromium-skip-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
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
        },
      },
      {
        test: {
          name: 'api',
          sequence: { groupOrder: 1 },
          include: ['tests/api/**/*.test.ts', 'tests/realtime/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['tests/support/pglite-image.ts'],
          pool: 'forks',
          // Files share their fork's module graph: importing the shop (Prisma, Socket.IO, sharp…) again for every
          // file took 200 s of a CI run. Every file builds its own servers; nothing lives in module state across files.
          isolate: false,
          // `npm test` runs the browser project in a process of its own beside this one (package.json test:run):
          // two API files and two browser files at a time (fresh-clone CI 573 s on the 2-core machine).
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'browser',
          sequence: { groupOrder: 2 },
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // A missing client/dist fails the run at once (client-dist.ts); a missing Chromium skips it (decision 098).
          globalSetup: ['tests/support/client-dist.ts', 'tests/support/pglite-image.ts'],
          pool: 'forks',
          // As the API files: one module graph for all browser files (each starts its own server and browser).
          isolate: false,
          // Two files at a time: a browser file mostly waits (pages loading, pushes arriving), so the accessibility
          // file (5 min of axe checks) runs beside the rest instead of after it.
          maxWorkers: 2,
        },
      },
    ],
  },
});
