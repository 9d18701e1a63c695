// Decision 281: the customer corrects a withdrawal's payout number, typed twice, while it waits or is pending and
// nothing has been paid out; the staff view and the audit say it changed; races have one winner.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDto } from '#shared/api-types';
import { loginAdmin, type TestUser } from '../factories/users.js';
import {
  getOrder,
  getOrderAsAdmin,
  placeOrder,
  placePendingOrder,
  withdrawPayload,
  WITHDRAW_BDT,
} from '../factories/orders.js';
import { testDatabases } from '../support/databases.js';
import { useTestServer } from '../support/server.js';

describe.each(testDatabases())('Correcting a payout number on %s', (db) => {
  const server = useTestServer({ db });
  let admin: TestUser;
  beforeAll(async () => {
    admin = await loginAdmin(server);
  });
  const correct = (id: string, payout_wallet: string, confirm_payout_wallet = payout_wallet) =>
    server.api.patch(`/orders/${id}`, { order: { payout_wallet, confirm_payout_wallet } });

  it('When the customer types the new number twice while the withdrawal waits, then it changes, on the timeline, the staff view and the audit', async () => {
    const id = await placeOrder(server, WITHDRAW_BDT, withdrawPayload({ wallet: '01712345678' }));
    const res = await correct(id, '০১৯১২-৩৪৫৬৭৮', '+880 1912 345678');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = await getOrder(server, id);
    expect(order.data.wallet).toBe('01912345678');
    expect(order.events.at(-1)).toMatchObject({
      kind: 'payout_wallet_changed',
      actor: 'customer',
      from: 'waiting',
      to: 'waiting',
    });
    const full: AdminOrderDto = await getOrderAsAdmin(server, id, admin.token);
    expect(full.payout_wallet_before).toBe('01712345678');
    expect(full.events.at(-1)).toMatchObject({ kind: 'payout_wallet_changed', note: '01712345678 01912345678' });
    const entry = await server.app.ctx.prisma.auditEntry.findFirstOrThrow({
      where: { action: 'order.payout_wallet', targetId: id },
    });
    expect(entry).toMatchObject({ actorId: null, before: { wallet: '01712345678' }, after: { wallet: '01912345678' } });
  });

  it('When the two numbers differ or one is malformed, then 400 and nothing changes', async () => {
    const id = await placeOrder(server, WITHDRAW_BDT, withdrawPayload({ wallet: '01712345678' }));
    const mismatch = await correct(id, '01912345678', '01912345679');
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toMatchObject({
      key: 'errors.walletConfirmMismatch',
      errors: { confirm_payout_wallet: 'errors.walletConfirmMismatch' },
    });
    const bad = await correct(id, '12345');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ payout_wallet: 'validation.walletInvalid' });
    const extra = await server.api.patch(`/orders/${id}`, {
      order: { payout_wallet: '01912345678', confirm_payout_wallet: '01912345678', w_code: 'x' },
    });
    expect(extra.status).toBe(400);
    expect((await getOrder(server, id)).data.wallet).toBe('01712345678');
    expect(
      await server.app.ctx.prisma.auditEntry.count({ where: { action: 'order.payout_wallet', targetId: id } }),
    ).toBe(0);
  });

  it('When the withdrawal is pending, it can still be corrected; once paid out, completed, cancelled or a top-up, then 409 errors.payoutWalletLocked', async () => {
    const pending = await placeOrder(server, WITHDRAW_BDT, withdrawPayload({ wallet: '01712345678' }));
    expect(
      (await server.api.patch(`/orders/${pending}`, { order: { onex_id: '123456789', w_code: 'AB12' } })).status,
    ).toBe(200);
    expect((await correct(pending, '01812345678')).status).toBe(200);
    // The payout is proven by its SMS: no more changes.
    await server.app.ctx.prisma.order.update({
      where: { id: pending },
      data: { payoutSmsTrxId: 'PAYOUT1', payoutTrxId: 'PAYOUT1' },
    });
    const locked = await correct(pending, '01812345679');
    expect(locked.status).toBe(409);
    expect(locked.body.key).toBe('errors.payoutWalletLocked');

    const cancelled = await placeOrder(server, WITHDRAW_BDT, withdrawPayload());
    expect((await server.api.patch(`/orders/${cancelled}`, { order: { cancel: true } })).status).toBe(200);
    expect((await correct(cancelled, '01812345678')).body.key).toBe('errors.payoutWalletLocked');
    const topup = await placePendingOrder(server);
    expect((await correct(topup, '01812345678')).body.key).toBe('errors.payoutWalletLocked');
    expect((await correct('A'.repeat(22), '01812345678')).status).toBe(404);
  });

  it('When the correction races the completion, then one wins: a completed order keeps the number it was paid to', async () => {
    for (let round = 0; round < 3; round += 1) {
      const id = await placeOrder(server, WITHDRAW_BDT, withdrawPayload({ wallet: '01712345678' }));
      expect(
        (await server.api.patch(`/orders/${id}`, { order: { onex_id: '123456789', w_code: 'AB12' } })).status,
      ).toBe(200);
      const [fix, done] = await Promise.all([
        correct(id, '01812345678'),
        server.api.patch(
          `/orders/${id}`,
          { order: { status: 'complete', payout_trx_id: `PAY${round}X1234` } },
          admin.token,
        ),
      ]);
      expect(done.status).toBe(200);
      const order = await getOrder(server, id);
      // Completed: the correction either came first (and the payout went to the new number) or was refused.
      if (fix.status === 200)
        expect(order.events.findIndex((e) => e.kind === 'payout_wallet_changed')).toBeLessThan(
          order.events.findIndex((e) => e.to === 'complete'),
        );
      else {
        expect(fix.body.key).toBe('errors.payoutWalletLocked');
        expect(order.data.wallet).toBe('01712345678');
      }
    }
  });
});
