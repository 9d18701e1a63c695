// Limits the customer sets (decisions 271-272): deposit limits over rolling windows of 1, 7 and 30 days (the shop's
// clock is the test's), the 24-hour delay on raising or removing one, and self-exclusion binding the account, its
// 1xBet ids and payer numbers while withdrawals stay open and nobody lifts it; on PGlite and PostgreSQL, the race on
// PostgreSQL.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerLimitsDto } from '#shared/player-limits';
import { testClock } from '../support/clock.js';
import { useTestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import { TOPUP_BDT, topupPayload, uniquePmId, WITHDRAW_BDT, withdrawPayload } from '../factories/orders.js';

// 2030-03-10 12:00 in Dhaka.
const T0 = new Date('2030-03-10T06:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(T0.getTime() + ms);
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

describe.each(testDatabases())('Limits the customer sets on %s', (db) => {
  const clock = testClock();
  const server = useTestServer({ db, clock, rateLimitScale: 100 });
  let admin: TestUser;
  let customer: TestUser;
  let n = 0;
  beforeAll(async () => {
    admin = await loginAdmin(server);
  });
  afterEach(async () => {
    clock.reset();
    const prisma = server.app.ctx.prisma;
    await prisma.orderEvent.deleteMany({});
    await prisma.order.deleteMany({});
  });
  /** A fresh customer per test: exclusions are never removed, so no test inherits another's. */
  async function freshCustomer(): Promise<TestUser> {
    n += 1;
    customer = await createUser(server, { email: `limits-${db}-${n}-${Date.now()}@example.com` });
    return customer;
  }

  /** A top-up, paid at once when placed (a waiting one would time out while the test moves the clock by days). */
  async function topup(amount: string, overrides: Record<string, unknown> = {}, as: 'customer' | 'guest' = 'customer') {
    const token = as === 'customer' ? customer.token : undefined;
    const placed = await server.api.post(
      `/orders/${TOPUP_BDT}`,
      { order: topupPayload({ amount, contact_email: customer.email, ...overrides }) },
      token,
    );
    if (placed.status === 201)
      expect(
        (await server.api.patch(`/orders/${placed.body.id as string}`, { order: { pm_id: uniquePmId() } })).status,
      ).toBe(200);
    return placed;
  }
  const putLimits = (limits: Record<string, number | null>, token = customer.token) =>
    server.api.put<PlayerLimitsDto>(
      '/account/limits',
      { limits: { daily_bdt: null, weekly_bdt: null, monthly_bdt: null, ...limits } },
      token,
    );
  const getLimits = (token = customer.token) => server.api.get<PlayerLimitsDto>('/account/limits', token);

  describe('deposit limits', () => {
    it('When nothing is set, then GET answers no limits, nothing pending, nothing used and no exclusion; bad values 400 and change nothing', async () => {
      await freshCustomer();
      const fresh = await getLimits();
      expect(fresh.status).toBe(200);
      expect(fresh.body).toMatchObject({
        limits: { daily_bdt: null, weekly_bdt: null, monthly_bdt: null },
        pending: null,
        exclusion: null,
        used: { daily_bdt: '0' },
      });
      for (const bad of [{ daily_bdt: 0 }, { daily_bdt: 10.5 }, { daily_bdt: '100' }, { weekly_bdt: 10_000_001 }]) {
        const refused = await putLimits(bad as unknown as Record<string, number>);
        expect(refused.status, JSON.stringify(bad)).toBe(400);
        expect(refused.body.key).toBe('errors.validation');
      }
      expect((await server.api.put('/account/limits', { limits: { daily_bdt: 100 } }, customer.token)).status).toBe(
        400,
      );
      expect(await server.app.ctx.prisma.playerLimit.count({ where: { userId: customer.id } })).toBe(0);
    });

    it('When a daily limit is set, then top-ups of the last 24 hours count by pay amount, the refusal says what is left and when, and the window rolls', async () => {
      await freshCustomer();
      clock.set(T0);
      const set = await putLimits({ daily_bdt: 1000 });
      expect(set.status).toBe(200);
      expect(set.body).toMatchObject({ limits: { daily_bdt: 1000 }, pending: null });
      expect((await topup('600')).status).toBe(201);
      clock.set(at(HOUR));
      const refused = await topup('600');
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        key: 'errors.playerLimit',
        params: { window: 'daily_bdt', days: 1, limit: 1000, left: '400', resets_at: unix(at(DAY)) },
      });
      expect((refused.body as unknown as { params: { date: string } }).params.date).toBe('11/03/2030 12:00');
      // What is left still passes, and the page shows what is used.
      expect((await topup('400')).status).toBe(201);
      expect((await getLimits()).body.used).toEqual({ daily_bdt: '1000', weekly_bdt: '1000', monthly_bdt: '1000' });
      // A guest's top-up is not the account's: the account's limits count the account's orders.
      expect((await topup('600', {}, 'guest')).status).toBe(201);
      // 24 hours after the first, it has left the window: 600 fits again, and no more.
      clock.set(at(DAY));
      expect((await topup('700')).status).toBe(409);
      expect((await topup('600')).status).toBe(201);
      expect(await server.app.ctx.prisma.order.count({ where: { userId: customer.id } })).toBe(3);
    });

    it('When weekly and monthly limits are set, then each counts its own rolling window; cancelled and timed-out top-ups do not count', async () => {
      await freshCustomer();
      clock.set(T0);
      await putLimits({ weekly_bdt: 1500, monthly_bdt: 2500 });
      expect((await topup('1000')).status).toBe(201);
      clock.set(at(3 * DAY));
      const second = await topup('500');
      expect(second.status).toBe(201);
      clock.set(at(4 * DAY));
      const weekly = await topup('500');
      expect(weekly.status).toBe(409);
      // The first top-up leaves the 7 days at T0 + 7 days; then 500 fits.
      expect(weekly.body).toMatchObject({
        params: { window: 'weekly_bdt', days: 7, left: '0', resets_at: unix(at(7 * DAY)) },
      });
      // A cancelled top-up frees its room at once.
      expect(
        (await server.api.patch(`/orders/${second.body.id as string}`, { order: { status: 'cancelled' } }, admin.token))
          .status,
      ).toBe(200);
      expect((await topup('500')).status).toBe(201);
      clock.set(at(8 * DAY));
      expect((await topup('1000')).status).toBe(201);
      clock.set(at(9 * DAY));
      // 7 days: 1000 (day 8); 30 days: 1000 + 500 + 1000 = 2500, the monthly limit's edge.
      const monthly = await topup('100');
      expect(monthly.status).toBe(409);
      expect(monthly.body).toMatchObject({
        params: { window: 'monthly_bdt', days: 30, left: '0', resets_at: unix(at(30 * DAY)) },
      });
      clock.set(at(30 * DAY + 1000));
      expect((await topup('100')).status).toBe(201);
    });

    it('When a limit is raised or removed, then it waits 24 hours (pending, cancellable by PUT of the limits in force or DELETE /pending); lowering counts at once; every change audited', async () => {
      await freshCustomer();
      clock.set(T0);
      await putLimits({ daily_bdt: 1000 });
      const raised = await putLimits({ daily_bdt: 5000 });
      expect(raised.status).toBe(200);
      expect(raised.body).toMatchObject({
        limits: { daily_bdt: 1000 },
        pending: { limits: { daily_bdt: 5000 }, at: unix(at(DAY)) },
      });
      expect((await topup('2000')).status).toBe(409);
      // Asking for the limits in force again drops the raise.
      expect((await putLimits({ daily_bdt: 1000 })).body.pending).toBeNull();
      await putLimits({ daily_bdt: 5000 });
      const cancelled = await server.api.delete<PlayerLimitsDto>('/account/limits/pending', {}, customer.token);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({ limits: { daily_bdt: 1000 }, pending: null });
      // A removal waits too; a lowering of another window counts now.
      const removed = await putLimits({ daily_bdt: null, weekly_bdt: 3000 });
      expect(removed.body).toMatchObject({
        limits: { daily_bdt: 1000, weekly_bdt: 3000 },
        pending: { limits: { daily_bdt: null, weekly_bdt: 3000 } },
      });
      clock.set(at(DAY - 1000));
      expect((await topup('2000')).status).toBe(409);
      clock.set(at(DAY));
      expect((await getLimits()).body).toMatchObject({ limits: { daily_bdt: null, weekly_bdt: 3000 }, pending: null });
      expect((await topup('2000')).status).toBe(201);
      const audit = await server.app.ctx.prisma.auditEntry.findMany({
        where: { targetType: 'user', targetId: customer.id },
        orderBy: { id: 'asc' },
      });
      expect(audit.map((a) => a.action)).toEqual([
        'user.limits_set',
        'user.limits_set',
        'user.limits_set',
        'user.limits_set',
        'user.limits_pending_cancel',
        'user.limits_set',
      ]);
      expect(audit[1]).toMatchObject({
        actorId: customer.id,
        before: { limits: { daily_bdt: 1000 }, pending: null },
        after: { pending: { limits: { daily_bdt: 5000 } } },
      });
    });

    it("When staff or a guest call the limits routes, then they are refused and the customer's limits are untouched; the admin reads them on the user's page", async () => {
      await freshCustomer();
      await putLimits({ daily_bdt: 1000 });
      expect((await putLimits({ daily_bdt: null }, admin.token)).status).toBe(403);
      expect(
        (await server.api.put('/account/limits', { limits: { daily_bdt: null, weekly_bdt: null, monthly_bdt: null } }))
          .status,
      ).toBe(401);
      const page = await server.api.get<{ player_limits: PlayerLimitsDto }>(`/users/${customer.id}`, admin.token);
      expect(page.status).toBe(200);
      expect(page.body.player_limits).toMatchObject({ limits: { daily_bdt: 1000 }, pending: null, exclusion: null });
    });

    if (db === 'postgres') {
      it('When 20 top-ups of one customer race a daily limit, then exactly as many as fit are placed', async () => {
        await freshCustomer();
        await putLimits({ daily_bdt: 5000 });
        const answers = await Promise.all(Array.from({ length: 20 }, () => topup('500')));
        const statuses = answers.map((a) => a.status).sort();
        expect(statuses.filter((s) => s === 201)).toHaveLength(10);
        expect(statuses.filter((s) => s === 409)).toHaveLength(10);
        const placed = await server.app.ctx.prisma.order.aggregate({
          where: { userId: customer.id },
          _sum: { pmAmount: true },
        });
        expect(String(placed._sum.pmAmount)).toBe('5000');
      });
    }
  });

  describe('self-exclusion', () => {
    const exclude = (period: string, password = customer.password, token = customer.token) =>
      server.api.post<PlayerLimitsDto>('/account/self-exclusion', { period, password }, token);

    it('When a customer excludes themselves, then their top-ups, a guest top-up to their 1xBet id or from their payer number, and their e-mail are refused until it ends; withdrawals stay open', async () => {
      await freshCustomer();
      clock.set(T0);
      expect((await topup('500', { onex_id: '321321321', payer: '01912345678' })).status).toBe(201);
      const wrong = await exclude('7d', 'not-the-password');
      expect(wrong.status).toBe(400);
      expect(wrong.body.key).toBe('errors.wrongPassword');
      expect(
        (await server.api.post('/account/self-exclusion', { period: '1y', password: customer.password })).status,
      ).toBe(401);
      expect(await server.app.ctx.prisma.selfExclusion.count({ where: { userId: customer.id } })).toBe(0);
      const made = await exclude('7d');
      expect(made.status).toBe(201);
      expect(made.body.exclusion).toEqual({ period: '7d', starts_at: unix(T0), ends_at: unix(at(7 * DAY)) });

      const refusals = [
        await topup('500'),
        await topup('500', { onex_id: '321321321', contact_email: 'someone-else@example.com' }, 'guest'),
        await topup(
          '500',
          { onex_id: '111000111', payer: '01912345678', contact_email: 'someone-else@example.com' },
          'guest',
        ),
        await topup('500', { onex_id: '111000112' }, 'guest'),
      ];
      for (const refused of refusals) {
        expect(refused.status).toBe(403);
        expect(refused.body).toMatchObject({
          key: 'errors.selfExcluded',
          params: { date: '17/03/2030 12:00', until: unix(at(7 * DAY)) },
        });
      }
      // Someone else is not bound.
      expect(
        (await topup('500', { onex_id: '111000113', contact_email: 'someone-else@example.com' }, 'guest')).status,
      ).toBe(201);
      // Withdrawals stay open: placed, and the code with the same 1xBet id accepted.
      const withdrawal = await server.api.post(
        `/orders/${WITHDRAW_BDT}`,
        { order: withdrawPayload({ contact_email: customer.email }) },
        customer.token,
      );
      expect(withdrawal.status).toBe(201);
      const code = await server.api.patch(
        `/orders/${withdrawal.body.id as string}`,
        { order: { onex_id: '321321321', w_code: 'AB12' } },
        customer.token,
      );
      expect(code.status).toBe(200);
      // A shorter exclusion asked later shortens nothing.
      expect((await exclude('24h')).body.exclusion).toMatchObject({ ends_at: unix(at(7 * DAY)) });
      clock.set(at(7 * DAY - 1000));
      expect((await topup('500')).status).toBe(403);
      clock.set(at(7 * DAY));
      expect((await topup('500')).status).toBe(201);
      const audit = await server.app.ctx.prisma.auditEntry.findMany({
        where: { action: 'user.self_exclusion', targetId: customer.id },
      });
      expect(audit).toHaveLength(2);
    });

    it('When staff try to lift an exclusion, then no route does it: the admin sees it read only and it still refuses; the placing answer refuses before any payment', async () => {
      await freshCustomer();
      clock.set(T0);
      await exclude('5y');
      // Staff cannot use the customer's routes, and no route removes or shortens an exclusion.
      expect((await server.api.delete('/account/limits/pending', {}, admin.token)).status).toBe(403);
      expect(
        (await server.api.post('/account/self-exclusion', { period: '24h', password: 'x' }, admin.token)).status,
      ).toBe(403);
      expect((await server.api.delete(`/account/self-exclusion`, {}, admin.token)).status).toBe(404);
      expect((await server.api.patch(`/users/${customer.id}`, { user: { role: 'user' } }, admin.token)).status).toBe(
        200,
      );
      const page = await server.api.get<{ player_limits: PlayerLimitsDto }>(`/users/${customer.id}`, admin.token);
      expect(page.body.player_limits.exclusion).toMatchObject({
        period: '5y',
        ends_at: unix(new Date('2035-03-10T06:00:00.000Z')),
      });
      const refused = await topup('500');
      expect(refused.status).toBe(403);
      expect(refused.body.key).toBe('errors.selfExcluded');
      expect(await server.app.ctx.prisma.order.count({ where: { contactEmail: customer.email } })).toBe(0);
    });
  });
});
