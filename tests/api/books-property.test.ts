// The books' rule as properties (decisions 290, 310): for any day without a fault (every credit an order's, every
// payout proven by its Send Money, every delivery an operation at the desk, every phone's balances chaining, fees and
// debits of the shop's own included) every check is ok; and for any day, whatever is written into it after its books
// were read and kept, the kept answer equals the answer recomputed from the rows. Each run writes its day into a day
// of its own, as the domains would have stored it, and reads the books through the service. On PostgreSQL too: two
// admins closing the same day at once, one wins. Reads of a day overlapping its writes each hold the writes made before
// they were asked (decision 312).
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin, type TestUser } from '../factories/users.js';
import { createBookDay, type BookDayBuilder } from '../support/book-day.js';
import { testDatabases } from '../support/databases.js';
import { useTestServer, type TestServer } from '../support/server.js';

const dayOf = (run: number) => new Date(Date.UTC(2024, 0, 1) + run * 86_400_000).toISOString().slice(0, 10);
const paisa = fc.integer({ min: 100, max: 2_500_000 }).map((p) => p / 100);
const fee = fc.integer({ min: 0, max: 2_000 }).map((p) => p / 100);

/** One thing of a day: a top-up paid and delivered, a withdrawal redeemed and paid, or a debit of the shop's own. */
const step = fc.oneof(
  fc.record({
    kind: fc.constant('topup' as const),
    amount: fc.integer({ min: 50, max: 25_000 }),
    rate: fc.constantFrom(1, 1.25, 0.99),
  }),
  fc.record({ kind: fc.constant('withdraw' as const), amount: fc.integer({ min: 50, max: 25_000 }), fee }),
  fc.record({ kind: fc.constant('own' as const), amount: paisa, fee }),
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

/** Writes the day's steps one minute apart from 01:00; the withdrawals redeemed, paid and completed in that minute. */
async function writeSteps(day: BookDayBuilder, steps: readonly Step[]) {
  const made: { kind: 'topup' | 'withdraw'; id: string; smsId: number }[] = [];
  for (const [i, s] of steps.entries()) {
    const at = day.at(60 + i);
    if (s.kind === 'own')
      await day.sms({
        direction: 'debit',
        amount: s.amount,
        fee: s.fee,
        at,
        parseKind: 'debit',
        debitType: 'cash_out',
      });
    else if (s.kind === 'topup')
      made.push({ kind: 'topup', ...(await day.topup({ amount: s.amount, rate: s.rate, at })) });
    else
      made.push({
        kind: 'withdraw',
        ...(await day.withdraw({ amount: s.amount, fee: s.fee, redeemAt: at, paidAt: at, completeAt: at })),
      });
  }
  return made;
}

/**
 * A write into a day whose books were kept: each is something the shop does after a day ended (a late message, an
 * order completed or corrected late, the desk's late record, a phone re-anchored), aimed at the day itself, the day
 * before it, or an order of it.
 */
const lateWrite = fc.oneof(
  fc.record({ kind: fc.constant('late_credit' as const), minute: fc.integer({ min: 0, max: 1439 }), amount: paisa }),
  fc.record({
    kind: fc.constant('late_completion' as const),
    minute: fc.integer({ min: 0, max: 1439 }),
    amount: fc.integer({ min: 50, max: 9_000 }),
  }),
  fc.record({
    kind: fc.constant('order_amount' as const),
    pick: fc.nat(),
    amount: fc.integer({ min: 50, max: 9_000 }),
  }),
  fc.record({ kind: fc.constant('sms_amount' as const), pick: fc.nat(), amount: paisa }),
  fc.record({ kind: fc.constant('sms_held' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('desk_next_day' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('desk_deleted' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('unproven' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('uncompleted' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('anchor_in_day' as const), minute: fc.integer({ min: 0, max: 1439 }) }),
  fc.record({ kind: fc.constant('day_before_credit' as const), amount: paisa }),
);
type LateWrite = typeof lateWrite extends fc.Arbitrary<infer T> ? T : never;

async function applyLateWrite(
  server: TestServer,
  day: BookDayBuilder,
  made: readonly { kind: string; id: string; smsId: number }[],
  w: LateWrite,
) {
  const prisma = server.app.ctx.prisma;
  const picked = 'pick' in w && made.length > 0 ? made[w.pick % made.length] : null;
  switch (w.kind) {
    case 'late_credit':
      return day.sms({ direction: 'credit', amount: w.amount, at: day.at(w.minute), parseKind: 'payment' });
    case 'late_completion': {
      const { id } = await day.order({ kind: 'topup', amount: w.amount, placedAt: day.at(w.minute) });
      return day.complete(id, day.at(w.minute));
    }
    case 'day_before_credit':
      return day.sms({ direction: 'credit', amount: w.amount, at: day.at(-30), parseKind: 'payment' });
    case 'anchor_in_day':
      return prisma.device.update({
        where: { id: day.deviceId },
        data: { anchorAt: day.at(w.minute), anchorBalance: 1234.5 },
      });
  }
  if (!picked) return;
  switch (w.kind) {
    case 'order_amount':
      return prisma.order.update({ where: { id: picked.id }, data: { amount: w.amount } });
    case 'sms_amount':
      return prisma.smsMessage.update({
        where: { id: picked.smsId },
        data: { amount: w.amount, ledgerAmount: w.amount },
      });
    case 'sms_held':
      return prisma.smsMessage.update({ where: { id: picked.smsId }, data: { ledgerState: 'held' } });
    case 'desk_next_day':
      return prisma.$executeRaw`UPDATE cashdesk_operations SET at = at + interval '1 day' WHERE order_id = ${picked.id}`;
    case 'desk_deleted':
      return prisma.$executeRaw`DELETE FROM cashdesk_operations WHERE order_id = ${picked.id}`;
    case 'unproven':
      return prisma.order.update({ where: { id: picked.id }, data: { payoutSmsId: null, verificationSmsId: null } });
    case 'uncompleted':
      return prisma.orderEvent.deleteMany({ where: { orderId: picked.id, toStatus: 'complete' } });
  }
}

describe.each(testDatabases())('The books as a property on %s', (db) => {
  const server = useTestServer({ db, background: false });
  let admin: TestUser;
  let run = 0;

  beforeAll(async () => {
    admin = await loginAdmin(server);
  });

  const kept = async (date: string) =>
    (
      await server.app.ctx.prisma.$queryRaw<{ generation: bigint; computed: bigint | null }[]>`
      SELECT generation, computed_generation AS computed FROM book_day_cache WHERE date = ${date}`
    )[0];

  it('When a day has no fault, then every check is ok, and the kept answer is the recomputed one', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 5_000_000 }),
        async (steps, previousDay, startPaisa) => {
          run += 1;
          const day = await createBookDay(server, {
            date: dayOf(run * 3),
            adminId: admin.id,
            openingPaisa: previousDay ? startPaisa - 1000 : startPaisa,
            name: `Run ${run}`,
          });
          // The day before: a credit of 10 chained on the anchor (the opening is that message's balance).
          if (previousDay) await day.sms({ direction: 'credit', amount: 10, at: day.at(-120), parseKind: 'payment' });
          await writeSteps(day, steps);
          const read = await server.app.services.books.readDay(day.date);
          expect(read.checks.filter((c) => !c.ok)).toEqual([]);
          expect(read.phones.find((p) => p.device_id === day.deviceId)).toMatchObject({
            opening: startPaisa / 100,
            stated_closing: day.balancePaisa() / 100,
          });
          const again = await server.app.services.books.readDay(day.date);
          expect(await kept(day.date)).toMatchObject({ computed: (await kept(day.date)).generation });
          expect(again).toEqual(await server.app.services.books.recomputeDay(day.date));
          expect(again).toEqual(read);
        },
      ),
      { numRuns: db === 'postgres' ? 12 : 15 },
    );
  }, 300_000);

  it('When anything is written into a day after its books were kept, then the books equal the recomputation', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 5 }),
        fc.array(lateWrite, { minLength: 1, maxLength: 3 }),
        async (steps, writes) => {
          run += 1;
          const day = await createBookDay(server, {
            date: dayOf(run * 3),
            adminId: admin.id,
            openingPaisa: 1_000_000,
            name: `Late ${run}`,
          });
          const made = await writeSteps(day, steps);
          await server.app.services.books.readDay(day.date);
          const before = await kept(day.date);
          expect(before.computed).toBe(before.generation);
          for (const w of writes) {
            await applyLateWrite(server, day, made, w);
            const read = await server.app.services.books.readDay(day.date);
            expect(read).toEqual(await server.app.services.books.recomputeDay(day.date));
          }
        },
      ),
      { numRuns: db === 'postgres' ? 10 : 15 },
    );
  }, 300_000);

  it('When reads of a day overlap writes into it, then each read holds every write made before it was asked', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 4 }),
        fc.array(lateWrite, { minLength: 1, maxLength: 3 }),
        async (steps, writes) => {
          run += 1;
          const day = await createBookDay(server, {
            date: dayOf(run * 3),
            adminId: admin.id,
            openingPaisa: 1_000_000,
            name: `Overlap ${run}`,
          });
          const made = await writeSteps(day, steps);
          const books = server.app.services.books;
          // Reads left running while the next write is made: concurrent reads of a day share one (decision 312).
          const reads = [books.readDay(day.date)];
          for (const w of writes) {
            await applyLateWrite(server, day, made, w);
            reads.push(books.readDay(day.date), books.readDay(day.date));
          }
          const answers = await Promise.all(reads);
          const recomputed = await books.recomputeDay(day.date);
          expect(answers.slice(-2)).toEqual([recomputed, recomputed]);
        },
      ),
      { numRuns: db === 'postgres' ? 15 : 10 },
    );
  }, 300_000);

  it.runIf(db === 'postgres')(
    'When two admins close the same day at once, then one closes it and the other is told it is closed',
    async () => {
      const date = '2023-06-01';
      const [a, b] = await Promise.all(
        [0, 1].map(() => server.api.post(`/books/${date}/close`, { note: '' }, admin.token)),
      );
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      expect([a, b].find((r) => r.status === 409)!.body.key).toBe('errors.booksClosed');
      expect(await server.app.ctx.prisma.bookDay.count({ where: { date } })).toBe(1);
      expect(await server.app.ctx.prisma.auditEntry.count({ where: { action: 'books.close', targetId: date } })).toBe(
        1,
      );
    },
  );
});
