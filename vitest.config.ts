import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

type ProjectConfig = NonNullable<TestProjectInlineConfiguration['test']>;

/**
 * The longest API files (a fresh-clone CI run: telegram 341 s, webhooks 143 s, the cash desk 126 s, process faults
 * 119 s) run in the browser's process, after the browser files (project `api-long`), so that the two processes of
 * `npm run test:run` end together: the API process ran 1,540 s while the browser's ended at 750 s (decision 326).
 */
const LONG_API_FILES = [
  'tests/api/telegram.test.ts',
  'tests/api/webhooks.test.ts',
  'tests/api/cashdesk-fulfilment.test.ts',
  'tests/api/process-faults.test.ts',
];

/** How API files run, in either process. */
const API_FILES = {
  environment: 'node',
  testTimeout: 60_000,
  hookTimeout: 120_000,
  globalSetup: ['tests/support/pglite-image.ts'],
  pool: 'forks',
  // Files share their fork's module graph: importing the shop (Prisma, Socket.IO, sharp…) again for every file took
  // 200 s of a CI run. Every file builds its own servers; nothing lives in module state across files.
  isolate: false,
  // `npm test` runs the browser project in a process of its own beside this one (package.json test:run): two API
  // files and two browser files at a time.
  maxWorkers: 2,
} satisfies ProjectConfig;

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
          exclude: LONG_API_FILES,
          ...API_FILES,
        },
      },
      {
        test: {
          name: 'browser',
          sequence: { groupOrder: 2 },
          // A browser journey that times out once on the loaded 2-core CI machine runs once more (decision 326; the
          // retry is printed). Playwright's own CI default is two. The API and unit files get none.
          retry: 1,
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
      {
        test: {
          name: 'api-long',
          // After the browser files, in their process (package.json test:run).
          sequence: { groupOrder: 3 },
          include: LONG_API_FILES,
          ...API_FILES,
        },
      },
    ],
  },
});
