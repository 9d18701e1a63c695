// "Admin: offline" while admins work (decision 217): the badge follows staff presence (a console
// open, or the Telegram desk used, in the last 5 minutes) unless the switch is set by hand.
import { describe, expect, it } from 'vitest';
import type { AdminInfoDto, HomeDto } from '#shared/api-types';
import { useTestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { testClock } from '../support/clock.js';
import { connectSocket, nextEvent, useSockets } from '../support/sockets.js';
import { createUser, loginAdmin } from '../factories/users.js';
import { waitFor } from '../factories/orders.js';

describe.each(testDatabases())('Staff presence on %s', (db) => {
  const clock = testClock();
  const server = useTestServer({ db, clock });
  useSockets();

  const homeOnline = async () => ((await server.api.get('/home')).body as unknown as HomeDto).adminOnline;
  const info = async (token?: string) => (await server.api.get<{ admin: AdminInfoDto }>('/admin', token)).body.admin;

  it('When staff open the console, then the badge turns online at once; 5 quiet minutes later the watch turns it offline', async () => {
    clock.reset();
    const admin = await loginAdmin(server);
    expect((await server.api.patch('/admin', { admin: { online: null } }, admin.token)).status).toBe(200);
    await server.app.ctx.prisma.staffPresence.deleteMany();
    await server.app.services.adminStatus.watchPresence();
    expect(await homeOnline()).toBe(false);
    expect(await info(admin.token)).toMatchObject({ online: false, auto: true });

    // A customer's page hears the change live.
    const customer = await createUser(server);
    const watcher = await connectSocket(server, { token: customer.token });
    const turnedOn = nextEvent(watcher, 'admin:online');
    const operator = await createUser(server, { role: 'operator' });
    await connectSocket(server, { token: operator.token });
    expect(await turnedOn).toEqual({ online: true });
    expect(await homeOnline()).toBe(true);
    const row = await server.app.ctx.prisma.staffPresence.findUniqueOrThrow({ where: { userId: operator.id } });
    expect(row.via).toBe('console');

    // A customer's socket is no presence.
    await server.app.ctx.prisma.staffPresence.deleteMany();
    await connectSocket(server, { token: (await createUser(server)).token });
    expect(await server.app.ctx.prisma.staffPresence.count()).toBe(0);

    // Nobody seen for 5 minutes: the next watch turns the badge off and says so once.
    await server.app.ctx.prisma.staffPresence.create({
      data: { userId: operator.id, lastSeen: new Date(Date.now() - 5 * 60_000 - 1_000), via: 'console' },
    });
    const turnedOff = nextEvent(watcher, 'admin:online');
    await server.app.services.adminStatus.watchPresence();
    expect(await turnedOff).toEqual({ online: false });
    expect(await homeOnline()).toBe(false);
    const published = server.app.events.counts()['admin.online'];
    await server.app.services.adminStatus.watchPresence();
    expect(server.app.events.counts()['admin.online']).toBe(published);
  });

  it('When the switch is set by hand, then it wins over presence; set back to automatic, presence rules again (audited)', async () => {
    clock.reset();
    const admin = await loginAdmin(server);
    await server.app.ctx.prisma.staffPresence.deleteMany();
    expect((await server.api.patch('/admin', { admin: { online: true } }, admin.token)).body).toMatchObject({
      admin: { online: true, auto: false },
    });
    expect(await homeOnline()).toBe(true);
    expect((await server.api.patch('/admin', { admin: { online: null } }, admin.token)).body).toMatchObject({
      admin: { online: false, auto: true },
    });
    expect(await homeOnline()).toBe(false);

    await server.app.services.adminStatus.staffActive(admin.id, 'telegram');
    await waitFor(homeOnline, (online) => online);
    expect((await server.api.patch('/admin', { admin: { online: false } }, admin.token)).body).toMatchObject({
      admin: { online: false, auto: false },
    });
    expect(await homeOnline()).toBe(false);
    expect((await server.api.patch('/admin', { admin: { online: 'auto' } }, admin.token)).status).toBe(400);

    const entries = await server.app.ctx.prisma.auditEntry.findMany({
      where: { action: 'admin.online', actorId: admin.id },
      orderBy: { id: 'desc' },
      take: 2,
    });
    expect(entries.map((e) => e.after)).toEqual([{ online: false }, { online: null }]);
    // A guest sees the flag and whether it is automatic, never the user count.
    expect(Object.keys(await info()).sort()).toEqual(['auto', 'online', 'users']);
    expect((await info()).users).toBe(0);
    expect((await server.api.patch('/admin', { admin: { online: null } }, admin.token)).status).toBe(200);
  });

  it('When a staff member stays active, then presence is written at most once a minute per instance', async () => {
    const admin = await loginAdmin(server);
    // An hour after now, on a whole minute: the sign-in wrote presence at the real time, and a fixed date in the
    // test (it was 2026-11-27T10:00Z) became the past on the day it named.
    const start = Math.ceil((Date.now() + 3_600_000) / 60_000) * 60_000;
    clock.set(start);
    await server.app.services.adminStatus.staffActive(admin.id, 'console');
    const first = await server.app.ctx.prisma.staffPresence.findUniqueOrThrow({ where: { userId: admin.id } });
    clock.set(start + 30_000);
    await server.app.services.adminStatus.staffActive(admin.id, 'telegram');
    expect(await server.app.ctx.prisma.staffPresence.findUniqueOrThrow({ where: { userId: admin.id } })).toEqual(first);
    clock.set(start + 61_000);
    await server.app.services.adminStatus.staffActive(admin.id, 'telegram');
    expect(await server.app.ctx.prisma.staffPresence.findUniqueOrThrow({ where: { userId: admin.id } })).toMatchObject({
      lastSeen: new Date(start + 61_000),
      via: 'telegram',
    });
    clock.reset();
  });
});
