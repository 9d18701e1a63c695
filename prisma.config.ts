// Prisma CLI configuration: WebAssembly engines only, with an in-memory PGlite for `migrate dev --create-only`.
import path from 'node:path';
import { defineConfig } from 'prisma/config';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';

// Without these the CLI tries to download native engines, which the build machines cannot do.
process.env.PRISMA_QUERY_ENGINE_LIBRARY ??= '/dev/null';
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= '/dev/null';
process.env.DATABASE_URL ??= 'postgresql://placeholder@localhost:5432/placeholder';

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: path.join('prisma', 'schema.prisma'),
  migrations: { path: path.join('prisma', 'migrations') },
  async adapter() {
    // pglite-prisma-adapter bundles an older copy of the adapter types; the runtime contract is the same.
    return new PrismaPGlite(new PGlite()) as unknown as SqlMigrationAwareDriverAdapterFactory;
  },
});
