// One migrated, empty PGlite database per test run, as a data-directory image that every in-memory test server
// starts from (server/app.ts `inMemoryImage`). An empty PGlite runs initdb (4-5 s of CPU on a busy 2-core
// machine) and then the migrations; loading the image takes about a quarter of that, and the API and browser
// suites start a few hundred PGlite servers. The image is made from the migrations in the tree at the start of
// the run, so a test server still sees exactly the schema it would have built itself.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { applyMigrations } from '../../server/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteImage: string;
  }
}

/** Vitest global setup (vitest.config.ts): makes the image, tells the test files where it is, removes it after. */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pglite-image-'));
  const file = path.join(dir, 'migrated.tar');
  const lite = new PGlite();
  try {
    await applyMigrations({
      withSession: (fn) =>
        fn({
          exec: async (sql) => {
            await lite.exec(sql);
          },
          query: async <T>(sql: string, params?: unknown[]) => (await lite.query<T>(sql, params)).rows,
        }),
    });
    const image = await lite.dumpDataDir('none');
    fs.writeFileSync(file, Buffer.from(await image.arrayBuffer()));
  } finally {
    await lite.close();
  }
  project.provide('pgliteImage', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

let loaded: Uint8Array<ArrayBuffer> | undefined;

/** The run's image for an in-memory test server, or undefined outside a run that made one. */
export function migratedImage(): Blob | undefined {
  let file: string | undefined;
  try {
    file = inject('pgliteImage');
  } catch {
    return undefined;
  }
  if (!file || !fs.existsSync(file)) return undefined;
  loaded ??= new Uint8Array(fs.readFileSync(file));
  return new Blob([loaded]);
}
