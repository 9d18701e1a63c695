// The day's books (decision 290): a day built with one of each fault (a credit nobody claimed, a forged balance held,
// a deposit made at the desk by hand, a withdrawal paid from another phone, a late SMS after the close): each check
// catches exactly its fault and no other; a close with an unexplained difference is refused, and the late change
// shows on the closed day as an adjustment while its figures stay as closed. Orders delivered with no desk operation
// fail the delivery checks (closed, never "ok" for what nobody saw). The CSV is one row per day and check. Both databases.
import { beforeAll, describe, expect, it } from 'vitest';
import type { BooksDayDto, BookCheckDto } from '#shared/books';
import { dhakaDate } from '#shared/dhaka';
import {
  getOrder,
  placeOrder,
  topupPayload,
  uniquePmId,
  withdrawPayload,
  TOPUP_BDT,
  WITHDRAW_BDT,
} from '../factories/orders.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import { fetchCsv, parseCsv } from '../support/csv.js';
import { testDatabases } from '../support/databases.js';
import { registerForwarder, sendMoneySms, type Forwarder } from '../support/sms-forwarder.js';
import { useTestServer, type TestServer } from '../support/server.js';
import { createDeskOperations, type DeskOperations } from '../support/desk-operations.js';
import { createBookDay } from '../support/book-day.js';

type Books = BooksDayDto & { ok: boolean };
const byName = (checks: readonly BookCheckDto[]) => Object.fromEntries(checks.map((c) => [c.name, c]));
const failing = (day: Books) =>
  day.checks
    .filter((c) => !c.ok)
    .map((c) => c.name)
    .sort();

async function books(server: TestServer, token: string, date?: string): Promise<Books> {
  const res = await server.api.get<Books>(`/books${date ? `?date=${date}` : ''}`, token);
  expect(res.status).toBe(200);
  return res.body;
}

/** A top-up the phone's SMS verifies, completed by the admin and deposited at the desk. */
async function deliveredTopup(
  server: TestServer,
  admin: TestUser,
  phone: Forwarder,
  desk: DeskOperations,
  amount: string,
) {
  const id = await placeOrder(server, TOPUP_BDT, topupPayload({ pm_method: 'bkash', amount }));
  const trxId = uniquePmId().toUpperCase();
  expect((await server.api.patch(`/orders/${id}`, { order: { pm_id: trxId } })).status).toBe(200);
  const { pm_amount: pmAmount } = await getOrder(server, id);
  expect((await phone.payment({ amount: pmAmount, trxId })).body.sms.status).toBe('matched');
  expect((await server.api.patch(`/orders/${id}`, { order: { status: 'complete' } }, admin.token)).status).toBe(200);
  await desk.add({ kind: 'deposit', orderId: id, amount: Number(amount) });
  return { id, trxId, pmAmount };
}

/** A withdrawal whose code the desk redeemed; `paidFrom` the shop's phone that pays it (null: another phone). */
async function paidWithdrawal(
  server: TestServer,
  admin: TestUser,
  paidFrom: Forwarder | null,
  desk: DeskOperations,
  amount: string,
  wallet: string,
) {
  const id = await placeOrder(server, WITHDRAW_BDT, withdrawPayload({ pm_method: 'bkash', amount, wallet }));
  expect((await server.api.patch(`/orders/${id}`, { order: { onex_id: '123456789', w_code: 'Ab12' } })).status).toBe(
    200,
  );
  await desk.add({ kind: 'payout', orderId: id, amount: Number(amount) });
  const { pm_amount: pmAmount } = await getOrder(server, id);
  const trxId = uniquePmId().toUpperCase().slice(0, 10);
  if (paidFrom) {
    paidFrom.moveBalance(-pmAmount);
    expect(
      (
        await paidFrom.post({
          text: sendMoneySms({ amount: pmAmount, to: wallet, trxId, balance: paidFrom.balance() }),
        })
      ).status,
    ).toBe(200);
  }
  const done = await server.api.patch(
    `/orders/${id}`,
    { order: { status: 'complete', ...(paidFrom ? {} : { payout_trx_id: trxId }) } },
    admin.token,
  );
  expect(done.status).toBe(200);
  return { id, pmAmount };
}

describe.each(testDatabases())('The books on %s', (db) => {
  describe('A day with one of each fault', () => {
    const server = useTestServer({ db });
    let admin: TestUser;
    let desk: DeskOperations;

    beforeAll(async () => {
      admin = await loginAdmin(server);
      desk = createDeskOperations(server);
    });

    it('When each fault happens once, then each check catches exactly its own; closing needs a note for each; a late SMS after the close shows as an adjustment', async () => {
      const today = dhakaDate(new Date());
      const phone = await registerForwarder(server, admin.token, 'bkash', 'Books bKash');
      await desk.add({ kind: 'balance', limit: 1_000_000 });
      // The brand's commission on the desk's volumes.
      expect(
        (
          await server.api.patch(
            '/shop-settings',
            { settings: { desk_commission_deposit_pct: 2.5, desk_commission_payout_pct: 1 } },
            admin.token,
          )
        ).status,
      ).toBe(200);

      const t1 = await deliveredTopup(server, admin, phone, desk, '500');
      // A credit nobody claimed: genuine money on the phone (it chains), no order.
      const unclaimedTrx = uniquePmId().toUpperCase();
      const unclaimed = await phone.payment({ amount: 777, trxId: unclaimedTrx });
      expect(unclaimed.body.sms.status).toBe('unmatched');
      // A forged balance: a "payment" for a real order with an invented balance, held; the genuine credit after it chains.
      const forgedOrder = await placeOrder(server, TOPUP_BDT, topupPayload({ pm_method: 'bkash', amount: '700' }));
      const forgedTrx = uniquePmId().toUpperCase();
      await server.api.patch(`/orders/${forgedOrder}`, { order: { pm_id: forgedTrx } });
      const forged = await phone.payment({
        amount: (await getOrder(server, forgedOrder)).pm_amount,
        trxId: forgedTrx,
        balance: 55_555.55,
      });
      const t3 = await deliveredTopup(server, admin, phone, desk, '300');
      // A deposit at the desk by hand: its Limit fell with no operation of the shop (drift).
      const drift = await desk.add({ kind: 'drift', amount: -450 });
      // A withdrawal paid from the shop's phone (proven), and one paid from another phone (no Send Money proves it).
      const w1 = await paidWithdrawal(server, admin, phone, desk, '1000', '01755555555');
      const w2 = await paidWithdrawal(server, admin, null, desk, '1200', '01766666666');
      // A top-up paid but whose SMS has not come yet: it is not in the day's books.
      const late = await placeOrder(server, TOPUP_BDT, topupPayload({ pm_method: 'bkash', amount: '400' }));
      const lateTrx = uniquePmId().toUpperCase();
      await server.api.patch(`/orders/${late}`, { order: { pm_id: lateTrx } });

      const day = await books(server, admin.token);
      expect(day).toMatchObject({ ok: true, date: today, closed_at: null, adjustments: null });
      const checks = byName(day.checks);
      expect(failing(day)).toEqual(['cashdesk:BDT', `phone:${phone.id}`, 'topups_paid', 'withdrawals_paid'].sort());

      // The phone: the forged credit is counted, the balance its last SMS states is not moved by it.
      expect(checks[`phone:${phone.id}`]).toMatchObject({
        difference: -(await getOrder(server, forgedOrder)).pm_amount,
        items: [{ type: 'sms', id: String(forged.body.sms.id), reason: 'not_chained' }],
      });
      const p = day.phones.find((x) => x.device_id === phone.id)!;
      expect(p).toMatchObject({
        opening: 10_000,
        credits: { count: 4 },
        debits: { count: 1, fees: 0 },
        stated_closing: phone.balance(),
        closing: phone.balance(),
        gaps: [],
      });
      // The top-ups paid: the unclaimed credit is the whole difference.
      expect(checks.topups_paid).toMatchObject({
        expected: t1.pmAmount + t3.pmAmount,
        difference: 777,
        items: [{ type: 'sms', id: String(unclaimed.body.sms.id), amount: 777, reason: 'unclaimed' }],
      });
      // The desk: the drift is the difference of its Limit.
      expect(checks['cashdesk:BDT']).toMatchObject({
        difference: -450,
        items: [{ type: 'operation', id: drift, amount: -450, reason: 'drift' }],
      });
      expect(day.cashdesks).toEqual([
        expect.objectContaining({
          currency: 'BDT',
          deposits: { count: 2, amount: 800 },
          payouts: { count: 2, amount: 2200 },
          drift: { count: 1, amount: -450 },
        }),
      ]);
      // The withdrawals paid: the one paid from another phone has no proof.
      expect(checks.withdrawals_paid).toMatchObject({
        expected: w1.pmAmount + w2.pmAmount,
        actual: w1.pmAmount,
        items: [{ type: 'order', id: w2.id, reason: 'no_proof' }],
      });
      expect(checks['topups_delivered:BDT']).toMatchObject({ ok: true, expected: 800, actual: 800 });
      expect(checks['withdrawals_redeemed:BDT']).toMatchObject({ ok: true, expected: 2200, actual: 2200 });
      expect(day.orders).toEqual({
        topups: { count: 2, paid_bdt: t1.pmAmount + t3.pmAmount, delivered: { BDT: 800, USD: 0 } },
        withdrawals: { count: 2, redeemed: { BDT: 2200, USD: 0 }, paid_bdt: w1.pmAmount + w2.pmAmount },
        by_hand: { count: 4 },
      });
      expect(day.commission).toEqual({
        deposit_pct: 2.5,
        payout_pct: 1,
        deposits: { BDT: 20, USD: 0 },
        payouts: { BDT: 22, USD: 0 },
      });

      // Closing: every failing check needs its line in the note.
      const partial = await server.api.post(
        `/books/${today}/close`,
        { note: `topups_paid: a customer paid without an order, refunded\ncashdesk:BDT: a deposit by hand` },
        admin.token,
      );
      expect(partial.status).toBe(409);
      expect(partial.body).toMatchObject({
        key: 'errors.booksUnexplained',
        params: { checks: `phone:${phone.id}, withdrawals_paid` },
      });
      expect(await server.app.ctx.prisma.bookDay.count()).toBe(0);
      const note = [
        'topups_paid: a customer paid without an order, refunded',
        'cashdesk:BDT: a deposit made at the desk by hand',
        `phone:${phone.id}: a forged SMS, the order was rejected`,
        'withdrawals_paid: paid from the owner phone',
      ].join('\n');
      const closed = await server.api.post<Books>(`/books/${today}/close`, { note }, admin.token);
      expect(closed.status).toBe(200);
      expect(closed.body).toMatchObject({
        closed_by: { id: admin.id },
        note,
        adjustments: { changes: [], checks: [] },
      });
      expect(closed.body.checks).toEqual(day.checks);
      expect((await server.api.post(`/books/${today}/close`, { note }, admin.token)).body.key).toBe(
        'errors.booksClosed',
      );
      expect(
        await server.app.ctx.prisma.auditEntry.findFirst({ where: { action: 'books.close', targetId: today } }),
      ).toMatchObject({ actorId: admin.id });

      // The late SMS after the close: the top-up verifies, is completed and delivered. The closed day keeps its
      // figures; the change is shown beside them.
      const { pm_amount: latePm } = await getOrder(server, late);
      const lateSms = await phone.payment({ amount: latePm, trxId: lateTrx });
      expect(lateSms.body.sms.status).toBe('matched');
      expect((await server.api.patch(`/orders/${late}`, { order: { status: 'complete' } }, admin.token)).status).toBe(
        200,
      );
      await desk.add({ kind: 'deposit', orderId: late, amount: 400 });
      const after = await books(server, admin.token, today);
      expect(after.checks).toEqual(day.checks);
      expect(after.phones).toEqual(day.phones);
      expect(after.orders).toEqual(day.orders);
      expect(after.adjustments!.changes).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ type: 'sms', id: String(lateSms.body.sms.id), what: 'late_sms' }),
          expect.objectContaining({ type: 'order', id: late, what: 'order_event:status:complete' }),
        ]),
      );
      const moved = byName(after.adjustments!.checks);
      expect(moved.topups_paid).toMatchObject({ expected: t1.pmAmount + t3.pmAmount + latePm, difference: 777 });
      expect(moved[`phone:${phone.id}`]).toBeDefined();

      // The CSV: one row per day and check, the same numbers.
      const csv = await fetchCsv(`${server.url}/api/v1`, `/books.csv?from=${today}&to=${today}`, admin.token);
      expect(csv.status).toBe(200);
      const rows = parseCsv(csv.text.replace(/^\uFEFF/, ''));
      expect(rows[0]).toEqual([
        'date',
        'check',
        'expected',
        'actual',
        'difference',
        'ok',
        'items',
        'closed_at',
        'closed_by',
      ]);
      const paidRow = rows.find((r) => r[1] === 'topups_paid')!;
      expect(paidRow.slice(0, 6)).toEqual([
        today,
        'topups_paid',
        String(t1.pmAmount + t3.pmAmount),
        String(t1.pmAmount + t3.pmAmount + 777),
        '777',
        'no',
      ]);
      expect(rows).toHaveLength(1 + day.checks.length);
    });

    it("When an operator reads the books, then they see them; closing and the CSV are the admin's; a bad day is a translated 400", async () => {
      const operator = await createUser(server, { role: 'operator' });
      expect((await server.api.get('/books', operator.token)).status).toBe(200);
      expect((await server.api.post('/books/2020-01-01/close', { note: '' }, operator.token)).status).toBe(403);
      expect((await server.api.get('/books?date=2026-02-30', admin.token)).body).toMatchObject({
        key: 'errors.validation',
        errors: { date: 'validation.booksDate' },
      });
      expect((await server.api.get('/books.csv?from=2026-03-01&to=2026-01-01', admin.token)).body).toMatchObject({
        errors: { to: 'validation.booksRange' },
      });
      expect((await server.api.post('/books/2999-01-01/close', { note: '' }, admin.token)).body.key).toBe(
        'errors.booksFutureDay',
      );
    });

    it('When a commission percentage is out of range, then the setting is refused with its translated key', async () => {
      expect(
        (await server.api.patch('/shop-settings', { settings: { desk_commission_deposit_pct: 101 } }, admin.token)).body
          .errors,
      ).toEqual({ desk_commission_deposit_pct: 'validation.percentInvalid' });
    });
  });

  describe('Without the desk having recorded anything', () => {
    const server = useTestServer({ db });

    it('When the desk recorded no operation, then the delivery checks fail closed, naming each delivered order', async () => {
      const admin = await loginAdmin(server);
      const phone = await registerForwarder(server, admin.token, 'bkash', 'No desk bKash');
      const id = await placeOrder(server, TOPUP_BDT, topupPayload({ pm_method: 'bkash', amount: '500' }));
      const trxId = uniquePmId().toUpperCase();
      await server.api.patch(`/orders/${id}`, { order: { pm_id: trxId } });
      await phone.payment({ amount: (await getOrder(server, id)).pm_amount, trxId });
      expect((await server.api.patch(`/orders/${id}`, { order: { status: 'complete' } }, admin.token)).status).toBe(
        200,
      );
      const day = await books(server, admin.token);
      expect(day.cashdesks).toEqual([]);
      expect(failing(day)).toEqual(['topups_delivered:BDT']);
      expect(byName(day.checks)['topups_delivered:BDT']).toMatchObject({
        expected: 500,
        actual: 0,
        items: [{ type: 'order', id, amount: -500, reason: 'no_deposit' }],
      });
    });
  });

  describe('A withdrawal redeemed before midnight and paid after it', () => {
    const server = useTestServer({ db, background: false });

    it('When the desk redeems the code one day and the phone pays it the next, then it counts once, on the day of its completion, and neither day shows a difference', async () => {
      const admin = await loginAdmin(server);
      const day = await createBookDay(server, {
        date: '2025-03-10',
        adminId: admin.id,
        openingPaisa: 5_000_000,
        name: 'Midnight bKash',
      });
      const next = '2025-03-11';
      await day.topup({ amount: 800, at: day.at(60) });
      // 23:50: the desk redeems the code (the Limit rises on this day); 00:10 the next day: the Send Money pays it.
      const { id, pmAmount } = await day.order({ kind: 'withdraw', amount: 1500, placedAt: day.at(1400) });
      const payout = await day.desk.add({ kind: 'payout', orderId: id, amount: 1500, at: day.at(1430) });
      const debit = await day.sms({
        direction: 'debit',
        amount: pmAmount,
        at: day.at(1450),
        parseKind: 'debit',
        debitType: 'send_money',
      });
      await server.app.ctx.prisma.order.update({ where: { id }, data: { payoutSmsId: debit.id } });

      // Until the order is completed, the redemption is an operation behind no completed order, on its own day.
      const pending = await books(server, admin.token, day.date);
      expect(failing(pending)).toEqual(['withdrawals_redeemed:BDT']);
      expect(byName(pending.checks)['withdrawals_redeemed:BDT']).toMatchObject({
        expected: 0,
        actual: 1500,
        items: [{ type: 'operation', id: payout, reason: 'no_order' }],
      });

      await day.complete(id, day.at(1451));
      const first = await books(server, admin.token, day.date);
      const second = await books(server, admin.token, next);
      expect(failing(first)).toEqual([]);
      expect(failing(second)).toEqual([]);
      // The desk's Limit moved on the day of the redemption; the withdrawal counts on the day it was completed.
      expect(first.cashdesks).toEqual([
        expect.objectContaining({ currency: 'BDT', payouts: { count: 1, amount: 1500 } }),
      ]);
      expect(byName(first.checks)['withdrawals_redeemed:BDT']).toMatchObject({ expected: 0, actual: 0 });
      expect(first.orders.withdrawals.count).toBe(0);
      expect(byName(second.checks)['withdrawals_redeemed:BDT']).toMatchObject({ expected: 1500, actual: 1500 });
      expect(byName(second.checks).withdrawals_paid).toMatchObject({ expected: pmAmount, actual: pmAmount });
      expect(second.orders.withdrawals).toEqual({ count: 1, redeemed: { BDT: 1500, USD: 0 }, paid_bdt: pmAmount });
      expect(second.cashdesks).toEqual([]);
    });
  });
});
