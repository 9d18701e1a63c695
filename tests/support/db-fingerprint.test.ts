// The fingerprint the authorisation matrix and the hostile suites rely on sees every real change and only those.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFingerprinter, type Fingerprinter } from './db-fingerprint.js';
import { startTestServer, type TestServer } from './server.js';

describe('Database fingerprint', () => {
  let server: TestServer;
  let prints: Fingerprinter;
  beforeAll(async () => {
    server = await startTestServer();
    prints = await createFingerprinter(server);
  }, 120_000);
  afterAll(() => server.close());

  it('When rows are inserted, updated or deleted, then exactly their tables change; a no-op update or a rolled-back write changes nothing', async () => {
    const prisma = server.app.ctx.prisma;
    const start = await prints.take();
    await prisma.$executeRawUnsafe(`UPDATE products SET sort = sort`);
    const noop = await prints.take();
    expect(prints.changed(start, noop)).toEqual([]);

    await prisma.$executeRawUnsafe(`UPDATE products SET sort = sort + 1 WHERE id = '1xbet_topup_bdt'`);
    const updated = await prints.take();
    expect(prints.changed(noop, updated)).toEqual(['products']);

    await expect(
      prisma.$transaction(async (tx) => {
        await tx.$executeRawUnsafe(`UPDATE products SET sort = sort + 1`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(prints.changed(updated, await prints.take())).toEqual([]);

    await server.api.post('/register', {
      user: {
        name: 'Fingerprint Test',
        email: 'fp@test.local',
        password: 'fp-password-4821',
        confirm_password: 'fp-password-4821',
      },
    });
    const registered = await prints.take();
    expect(prints.changed(updated, registered)).toContain('users');

    await prisma.$executeRawUnsafe(`DELETE FROM users WHERE email = 'fp@test.local'`);
    expect(prints.changed(registered, await prints.take())).toContain('users');
  }, 60_000);
});
